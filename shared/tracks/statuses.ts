/** The status values of SPEC.md section 4, shared by the entities, the API schemas and the web. */
export const STEP_STATUSES = ['Unavailable', 'Ready', 'Overdue', 'Resubmit', 'PendingReview', 'Completed'] as const;
export const TRACK_INSTANCE_STATUSES = ['Unavailable', 'Open', 'Completed', 'Withdrawn', 'Discontinued'] as const;

/** How a step status reads (SPEC.md section 4: 'Pending Review' is sent without the space). */
export const STEP_STATUS_LABELS: Record<(typeof STEP_STATUSES)[number], string> = {
  Unavailable: 'Unavailable',
  Ready: 'Ready',
  Overdue: 'Overdue',
  Resubmit: 'Resubmit',
  PendingReview: 'Pending Review',
  Completed: 'Completed',
};
