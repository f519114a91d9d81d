import { locationSetContracts } from './location-set';

export const jurisdiction = locationSetContracts({ service: 'jurisdiction', kind: 'Jurisdiction', plural: 'jurisdictions', sortable: [], hasParent: false });

export const jurisdictionContracts = Object.values(jurisdiction);
