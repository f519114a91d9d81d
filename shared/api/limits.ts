/** Constants the web app needs at runtime, kept free of schema code. */

/** SPEC.md section 9: the notifications list starts at 5, grows by 5, up to 50. */
export const NOTIFICATIONS_START = 5;
export const NOTIFICATIONS_STEP = 5;
export const NOTIFICATIONS_MAX = 50;

/** SPEC.md section 9: table page sizes, the first the default. */
export const PAGE_SIZES = [10, 25, 50] as const;

/**
 * Offset paging reads `offset + limit` keys of a sorted list, so deep offsets are refused:
 * past this row the table asks for a search or a filter (reads stay bounded by the page).
 */
export const MAX_LIST_OFFSET = 1000;

/** SPEC.md section 9: autocomplete limits. */
export const AUTOCOMPLETE_LIMITS = { conference: 10, track: 10, user: 15, roleAssignment: 20, interviewer: 15, advisor: 15, merge: 100, mentor: 15, form: 10 } as const;

/** Most items a bulk create or a role assignment takes in one call (one transaction each). */
export const BULK_MAX = 25;
