import { useEffect, useId, useRef, useState } from 'react';
import { INTERVIEW_MESSAGES, type InterviewPage } from '@shared/schemas/panel-interview';
import { Alert, Button } from '../../components/ui';
import { ApiError } from '../../lib/api/api-error';
import { describeSaveFailure } from '../../lib/forms/save-errors';
import { CancelInterviewForm } from './CancelInterviewForm';
import { ConfirmInterviewForm, isConfirmField } from './ConfirmInterviewForm';
import { cancelInterview, confirmInterview, markAvailability, proposeInterview, useInterview, type WriteOutcome } from './interview-api';
import { InterviewOutcome } from './InterviewOutcome';
import { InterviewSlots, zoneText } from './InterviewSlots';
import { isProposeField, ProposeSlotsForm } from './ProposeSlotsForm';

const noField = () => false;

export interface PanelInterviewProps {
  actionId: string;
  /** The action's version: a vote opened or closed changes what may be scheduled, so the interview is read again. */
  actionVersion?: number;
}

/**
 * A committee vote's panel interview (issue 26, item 3), under the vote for everyone who sees the
 * step: the chair proposes times, the panel and the candidate mark those they can attend, and the
 * chair confirms one with a place or a video link, moves it or cancels it. Times are entered and
 * shown in the conference's zone. Those the server does not show it to (403, 404) see nothing, nor does
 * anyone when the vote's committee is another track's (409: a transferred or imported design).
 */
export function PanelInterview({ actionId, actionVersion }: PanelInterviewProps) {
  const { data: page, error: loadError, mutate } = useInterview(actionId);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const [proposing, setProposing] = useState(false);
  const [focus, setFocus] = useState<'result' | 'slots' | null>(null);
  /** 'Propose new times' takes the focus back when its form is put away. */
  const [proposalPutAway, setProposalPutAway] = useState(false);
  const headingId = useId();
  const result = useRef<HTMLDivElement>(null);
  const slotsHeading = useRef<HTMLHeadingElement>(null);

  const seenVersion = useRef(actionVersion);
  useEffect(() => {
    if (seenVersion.current === actionVersion) return;
    seenVersion.current = actionVersion;
    void mutate();
  }, [actionVersion, mutate]);

  // What a write brought takes the focus once shown: the confirmed or cancelled block, or the new times.
  useEffect(() => {
    if (!focus) return;
    (focus === 'slots' ? slotsHeading : result).current?.focus();
    setFocus(null);
  }, [focus, page]);

  /** Sends one write; the page it answers replaces the interview. A refusal's field messages go back to the form, the rest shows here. */
  const run = async (kind: string, send: () => Promise<InterviewPage>, isShownField: (path: string) => boolean = noField): Promise<WriteOutcome> => {
    setError(null);
    setSaved(false);
    setPending(kind);
    try {
      await mutate(await send(), { revalidate: false });
      return { ok: true };
    } catch (e) {
      const failure = e instanceof ApiError && e.status === 400 ? describeSaveFailure(e, isShownField) : { fieldErrors: {}, banner: (e as Error).message };
      setError(failure.banner);
      // Someone else changed the interview: show it as it is now.
      if (e instanceof ApiError && e.status === 409) void mutate();
      return { ok: false, fieldErrors: failure.fieldErrors };
    } finally {
      setPending(null);
    }
  };
  const then = (outcome: WriteOutcome, after: () => void) => {
    if (outcome.ok) after();
    return outcome;
  };

  // 409: the vote names a committee of another track (a design copied by a transfer or an import): nothing to schedule here.
  if (loadError instanceof ApiError && (loadError.status === 403 || loadError.status === 404 || loadError.status === 409)) return null;
  if (!loadError && (!page || (!page.interview && !page.schedulable))) return null;

  const interview = page?.interview ?? null;
  const timeZone = page?.timeZone ?? 'UTC';
  const chairMay = Boolean(page?.isChair && page.schedulable);
  const live = interview !== null && interview.status !== 'cancelled';
  const version = interview?.version;

  const propose = (title: string, onCancel?: () => void) => (
    <ProposeSlotsForm
      title={title}
      pending={pending}
      onCancel={onCancel}
      onPropose={async (slots) =>
        then(await run('propose', () => proposeInterview(actionId, { slots, version }), isProposeField), () => {
          setProposing(false);
          setFocus('slots');
        })
      }
    />
  );

  return (
    <section className="step-interview" aria-labelledby={headingId}>
      <h4 id={headingId}>Panel interview</h4>
      {loadError && <Alert tone="danger">{(loadError as Error).message}</Alert>}
      {page && (interview || chairMay) && <p className="step-muted">{`Times are in ${zoneText(timeZone)}.`}</p>}
      {page && !interview && !page.isChair && <p>{INTERVIEW_MESSAGES.noInterview}</p>}

      {interview && <InterviewOutcome ref={result} interview={interview} timeZone={timeZone} />}
      {live && (
        <InterviewSlots
          key={`slots-${interview.slots.map((slot) => `${slot.id}:${slot.mine}`).join()}`}
          interview={interview}
          timeZone={timeZone}
          isChair={Boolean(page?.isChair)}
          canMark={Boolean(page?.canMark)}
          pending={pending}
          headingRef={slotsHeading}
          onMark={(slotIds) => void run('availability', () => markAvailability(actionId, { slotIds })).then((outcome) => setSaved(outcome.ok))}
        />
      )}

      {chairMay && live && interview.slots.length > 0 && (
        <ConfirmInterviewForm
          key={`confirm-${interview.version}`}
          interview={interview}
          timeZone={timeZone}
          pending={pending}
          onConfirm={async (body) =>
            then(await run('confirm', () => confirmInterview(actionId, { ...body, version: interview.version }), isConfirmField), () => setFocus('result'))
          }
        />
      )}
      {chairMay && live && (
        <CancelInterviewForm
          key={`cancel-${interview.version}`}
          version={interview.version}
          pending={pending}
          onCancel={async (reason) =>
            then(await run('cancel', () => cancelInterview(actionId, { reason, version: interview.version }), (path) => path === 'reason'), () => setFocus('result'))
          }
        />
      )}
      {chairMay &&
        (!interview
          ? propose('Propose times')
          : proposing
            ? propose('Propose new times', () => {
                setProposing(false);
                setProposalPutAway(true);
              })
            : (
              <div className="step-row">
                <Button autoFocus={proposalPutAway} size="small" variant="secondary" isDisabled={pending !== null} onPress={() => setProposing(true)}>
                  Propose new times
                </Button>
              </div>
            ))}

      {saved && <Alert tone="success">Your availability was saved.</Alert>}
      {error && <Alert tone="danger">{error}</Alert>}
    </section>
  );
}
