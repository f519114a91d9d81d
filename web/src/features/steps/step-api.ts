import type { ResponseOf } from '@shared/api/contract';
import type { StepApi } from '@shared/api/step';
import { STEP_STATUS_LABELS } from '@shared/tracks/statuses';

/** The step page as the server answers it (every write answers it too). */
export type StepView = ResponseOf<StepApi['stepInstance']>;
export type ContentView = StepView['contents'][number];
export type ActionView = StepView['actions'][number];

/** SPEC.md section 4: the selector shows 'Pending Review' and sends the name without the space. */
export const STATUS_LABELS = STEP_STATUS_LABELS;
export const SELECTABLE = ['Ready', 'PendingReview', 'Completed'] as const;

export { PRIVATE_CONTENT_MESSAGE as PRIVATE_MESSAGE } from '@shared/auth/policies/private-content';
export const UNAVAILABLE_MESSAGE = 'This step is not yet available. Please return to your Track.';
export const inProgressBy = (roleName: string) => `Currently in progress by ${roleName}`;

/** SPEC.md section 8: a task, upload or form content whose template is gone (the page has no task, upload or form for it). */
export const contentMissingMessage = (type: ContentView['type']) => `Something must have gone wrong... We can't find the content for this ${type.toLowerCase()}.`;
