/** The caller's list scopes: which designed lists a listing reads (ARCHITECTURE.md section 7). */
export { disjointGrants } from './disjoint-grants';
export { depthOf, grantsInside, locationScopesFor, type LocationScopes } from './location-scopes';
export { locationListScopes, userListScopes, type ResolvedLocationScopes } from './list-scopes';
