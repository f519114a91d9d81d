import { locationSetContracts } from './location-set';

export const episcopalArea = locationSetContracts({ service: 'episcopal-area', kind: 'EpiscopalArea', plural: 'episcopal areas', sortable: ['name', 'parentName'], hasParent: true });

export const episcopalAreaContracts = Object.values(episcopalArea);
