import { locationSetContracts } from './location-set';

export const episcopalAreaApi = locationSetContracts({ service: 'episcopal-area', kind: 'EpiscopalArea', plural: 'episcopal areas', sortable: ['name', 'parentName'], hasParent: true });
