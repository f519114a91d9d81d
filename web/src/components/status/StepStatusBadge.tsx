import { STEP_STATUS_LABELS, type STEP_STATUSES } from '@shared/tracks/statuses';
import { Badge, type BadgeTone } from '../ui/Badge';

type StepStatus = (typeof STEP_STATUSES)[number];

/** One look for a step's status wherever it shows (the track page's cards, the step page's header). */
const TONES: Record<StepStatus, BadgeTone> = {
  Unavailable: 'neutral',
  Ready: 'info',
  Overdue: 'danger',
  Resubmit: 'warning',
  PendingReview: 'info',
  Completed: 'success',
};

export function StepStatusBadge({ status }: { status: StepStatus }) {
  return <Badge tone={TONES[status]}>{STEP_STATUS_LABELS[status]}</Badge>;
}
