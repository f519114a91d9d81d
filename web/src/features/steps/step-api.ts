import type { ResponseOf } from '@shared/api/contract';
import type { StepApi } from '@shared/api/step';

/** The step page as the server answers it (every write answers it too). */
export type StepView = ResponseOf<StepApi['stepInstance']>;
export type ContentView = StepView['contents'][number];
export type ActionView = StepView['actions'][number];

/** SPEC.md section 4: the selector shows 'Pending Review' and sends the name without the space. */
export const STATUS_LABELS: Record<StepView['status'], string> = {
  Unavailable: 'Unavailable',
  Ready: 'Ready',
  Overdue: 'Overdue',
  Resubmit: 'Resubmit',
  PendingReview: 'Pending Review',
  Completed: 'Completed',
};
export const SELECTABLE = ['Ready', 'PendingReview', 'Completed'] as const;

export const PRIVATE_MESSAGE = 'This content contains sensitive data that you do not have permission to view.';
export const UNAVAILABLE_MESSAGE = 'This step is not yet available. Please return to your Track.';
export const inProgressBy = (roleName: string) => `Currently in progress by ${roleName}`;
