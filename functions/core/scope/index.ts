/** The caller's list scopes: which designed lists a listing reads (ARCHITECTURE.md section 7). */
export { disjointGrants } from './disjoint-grants';
export { depthOf, grantsInside, locationScopesFor, type LocationScopes } from './location-scopes';
export { grantsFor, heldLocationScopes, locationListScopes, userListScopes, userListScopesUnder, type ResolvedLocationScopes } from './list-scopes';
export { NOTHING_HIDDEN, readSortedPageWithout, searchWithout, type HiddenRows } from './hidden-rows';
