import { useId, useState, type Ref } from 'react';
import type { InterviewView, SlotView } from '@shared/schemas/panel-interview';
import { Badge, Button, Checkbox } from '../../components/ui';
import { personName } from './VoteTally';

const formats = new Map<string, Intl.DateTimeFormat>();

/** 'Mon, Dec 14, 3:00 – 4:00 PM EST': a time and its end in the conference's zone (the end's date only when it differs). */
export function slotTimeText(slot: { start: string; end: string }, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' });
    formats.set(timeZone, format);
  }
  return format.formatRange(new Date(slot.start), new Date(slot.end));
}

/** 'America/New York': a zone as the conference settings list it. */
export const zoneText = (timeZone: string) => timeZone.replaceAll('_', ' ');

const names = (people: ReadonlyArray<{ firstName: string; lastName: string }>) => people.map(personName).join(', ');

/** Who can attend a time, for those the server shows it to. */
function attendanceText(available: NonNullable<SlotView['available']>): string {
  if (available.length === 0) return 'No one can attend yet.';
  return `${available.length} can attend: ${names(available)}`;
}

export interface InterviewSlotsProps {
  interview: InterviewView;
  timeZone: string;
  isChair: boolean;
  canMark: boolean;
  /** Which write is on its way, if any ('availability' is this list's). */
  pending: string | null;
  onMark: (slotIds: string[]) => void;
  /** The list's heading, which takes the focus when new times arrive. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * The proposed times: each with who can attend it (the panel's view) and, for those invited, an
 * 'I can attend' box; 'Save availability' sends the boxes ticked. Below, how many have answered
 * and, for the chair, whom the panel still waits for.
 */
export function InterviewSlots({ interview, timeZone, isChair, canMark, pending, onMark, headingRef }: InterviewSlotsProps) {
  const headingId = useId();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(interview.slots.filter((slot) => slot.mine).map((slot) => slot.id)));
  const toggle = (id: string, on: boolean) =>
    setChosen((was) => {
      const next = new Set(was);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const confirmedId = interview.status === 'confirmed' ? interview.confirmed?.slotId : undefined;
  return (
    <div className="step-interview-part">
      <h5 id={headingId} ref={headingRef} tabIndex={-1}>
        Proposed times
      </h5>
      <ul className="step-interview-slots" aria-labelledby={headingId}>
        {interview.slots.map((slot) => {
          const time = slotTimeText(slot, timeZone);
          return (
            <li key={slot.id} className="step-interview-slot">
              <div className="step-row">
                <span className="step-interview-time">{time}</span>
                {slot.id === confirmedId && <Badge tone="success">Confirmed</Badge>}
              </div>
              {slot.available && <p className="step-muted">{attendanceText(slot.available)}</p>}
              {canMark && (
                <Checkbox isSelected={chosen.has(slot.id)} onChange={(on) => toggle(slot.id, on)} isDisabled={pending === 'availability'}>
                  I can attend <span className="ui-visually-hidden">{`on ${time}`}</span>
                </Checkbox>
              )}
            </li>
          );
        })}
      </ul>
      {canMark && (
        <div className="step-row">
          <Button
            size="small"
            variant="secondary"
            isPending={pending === 'availability'}
            isDisabled={pending !== null && pending !== 'availability'}
            onPress={() => onMark(interview.slots.filter((slot) => chosen.has(slot.id)).map((slot) => slot.id))}
          >
            Save availability
          </Button>
        </div>
      )}
      {interview.answered !== null && interview.invited !== null && <p className="step-muted">{`${interview.answered} of ${interview.invited} invited have answered`}</p>}
      {isChair && interview.waitingFor && interview.waitingFor.length > 0 && <p className="step-muted">{`Waiting for: ${names(interview.waitingFor)}`}</p>}
    </div>
  );
}
