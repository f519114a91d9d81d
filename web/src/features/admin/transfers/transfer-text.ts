import type { TransferStatus, TransferView } from '@shared/schemas/transfer';
import type { BadgeTone } from '../../../components/ui';

/** A transfer's status as its badge says it ('cancelled' is a withdrawn request). */
export const STATUS_BADGES: Record<TransferStatus, { label: string; tone: BadgeTone }> = {
  requested: { label: 'Requested', tone: 'info' },
  refused: { label: 'Refused', tone: 'warning' },
  cancelled: { label: 'Withdrawn', tone: 'neutral' },
  moving: { label: 'Moving', tone: 'info' },
  completed: { label: 'Completed', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** How the decision on a transfer reads ('Approved' once the move has started, whatever its end). */
export const DECISION_VERBS: Record<TransferStatus, string | null> = {
  requested: null,
  refused: 'Refused',
  cancelled: 'Withdrawn',
  moving: 'Approved',
  completed: 'Approved',
  failed: 'Approved',
};

/** The candidate's full name, as the lists and dialogs say it. */
export const nameOf = (transfer: TransferView) => `${transfer.candidate.firstName} ${transfer.candidate.lastName}`;

/** Where the candidate goes: the receiving conference and the district or church they join. */
export const destinationOf = (transfer: TransferView) => `${transfer.to.name}, ${transfer.to.locationName}`;
