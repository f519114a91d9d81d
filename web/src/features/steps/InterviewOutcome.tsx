import type { Ref } from 'react';
import type { InterviewView } from '@shared/schemas/panel-interview';
import { Link } from '../../components/ui';
import { slotTimeText } from './InterviewSlots';

export interface InterviewOutcomeProps {
  interview: InterviewView;
  timeZone: string;
  /** The block takes the focus after the chair confirms or cancels (as a decided action's outcome does). */
  ref?: Ref<HTMLDivElement>;
}

/** A confirmed interview's time, place and video link, or a cancelled one's reason, for everyone who sees it; nothing while times are only proposed. */
export function InterviewOutcome({ interview, timeZone, ref }: InterviewOutcomeProps) {
  if (interview.status === 'cancelled') {
    return (
      <div className="step-interview-outcome" ref={ref} tabIndex={-1}>
        <p>{`Interview cancelled: ${interview.cancelReason ?? ''}`.trim()}</p>
      </div>
    );
  }
  const { confirmed } = interview;
  if (interview.status !== 'confirmed' || !confirmed) return null;
  return (
    <div className="step-interview-outcome step-interview-confirmed" ref={ref} tabIndex={-1}>
      <h5>Interview confirmed</h5>
      <p className="step-interview-time">{slotTimeText(confirmed, timeZone)}</p>
      {confirmed.place && <p>{`Place: ${confirmed.place}`}</p>}
      {confirmed.videoLink && (
        <p>
          {'Video link: '}
          <Link href={confirmed.videoLink} target="_blank" rel="noopener noreferrer">
            {confirmed.videoLink} <span className="ui-visually-hidden">(opens in a new tab)</span>
          </Link>
        </p>
      )}
    </div>
  );
}
