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

/** Track design bounds: reads of a track's outline and detail are bounded by them (10 x 100 is the target size). */
export const TRACK_PHASES_MAX = 50;
export const PHASE_STEPS_MAX = 200;
export const TRACK_STEPS_MAX = 1_000;
/** Contents and actions of one step together. */
export const STEP_PARTS_MAX = 20;
/** Files attached to one step (SPEC.md section 3 "attachments"): a handful of handouts; each is a reference item in the step's write. */
export const STEP_ATTACHMENTS_MAX = 10;
export const TRACK_OUTLINE_ITEMS_MAX = 1 + TRACK_PHASES_MAX + TRACK_STEPS_MAX;
export const TRACK_DETAIL_ITEMS_MAX = TRACK_STEPS_MAX * STEP_PARTS_MAX;

/** Tracks one person is enrolled in, and enrolments one person is assigned to (advisor, interviewer...): /tracks lists at most this many of each. */
export const ASSIGNED_TRACKS_MAX = 100;

/** Church memberships one user holds, active or not: a person belongs to a handful; the read is bounded by this. */
export const USER_MEMBERSHIPS_MAX = 100;

/** Tags and aliases one user carries: a handful in practice; the profile's reads are bounded by these. */
export const USER_TAGS_MAX = 50;
export const USER_ALIASES_MAX = 50;
/** Tag search (the Add Tag suggestions): the first matches by name. */
export const TAG_SEARCH_LIMIT = 15;
/** A profile's Comments panel shows a user's newest comments, up to this many. */
export const USER_COMMENTS_MAX = 100;
/** A mentee's mentors and a mentor's mentees, as the profile reads them (bounded Queries). */
export const USER_MENTORS_MAX = 50;
export const USER_MENTEES_MAX = 200;

/**
 * The participants table's searches no key serves (two text filters together; the overdue filter)
 * look at this many rows a read for at most this many reads, whatever the track's size.
 */
export const PARTICIPANT_FILTER_ROWS_PER_READ = 250;
export const PARTICIPANT_FILTER_READS_MAX = 4;
export const FILTERED_PARTICIPANT_ROWS_MAX = PARTICIPANT_FILTER_ROWS_PER_READ * PARTICIPANT_FILTER_READS_MAX;
/**
 * Districts whose enrolments a district admin's or superintendent's participants table reads (one
 * keyed list each, merged by name); beyond it the page says `partial`. A district role holds a
 * district or a few in practice.
 */
export const PARTICIPANT_DISTRICTS_MAX = 10;
