import { locationSetContracts } from './location-set';

export const jurisdictionApi = locationSetContracts({ service: 'jurisdiction', kind: 'Jurisdiction', plural: 'jurisdictions', sortable: [], hasParent: false });
