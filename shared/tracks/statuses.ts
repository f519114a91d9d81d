/** The status values of SPEC.md section 4, shared by the entities, the API schemas and the web. */
export const STEP_STATUSES = ['Unavailable', 'Ready', 'Overdue', 'Resubmit', 'PendingReview', 'Completed'] as const;
export const TRACK_INSTANCE_STATUSES = ['Unavailable', 'Open', 'Completed', 'Withdrawn', 'Discontinued'] as const;
