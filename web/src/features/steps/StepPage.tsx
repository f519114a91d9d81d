import { useCallback, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Link, LoadingState } from '../../components/ui';
import { RichTextView } from '../../components/rich-text/RichTextView';
import { StepStatusBadge } from '../../components/status/StepStatusBadge';
import { call } from '../../lib/api/client';
import { routes } from '../../lib/api/routes';
import { useApi } from '../../lib/api/use-api';
import { Page } from '../../lib/page';
import { CandidatePacketButton } from '../../components/packet/CandidatePacketButton';
import { StepActionItem } from './StepActionItem';
import { StepContentItem } from './StepContentItem';
import { StepStatusSelector } from './StepStatusSelector';
import { UNAVAILABLE_MESSAGE, type StepView } from './step-api';
import './steps.css';

/** `/step/{id}`: a participant's step (SPEC.md section 2): its description, attachments, content and actions. */
export default function StepPage() {
  const { id = '' } = useParams();
  const { data: step, error, mutate } = useApi(routes.step.stepInstance, { params: { id } });
  // Content that loads more (a form's runner and answers, an upload box) says when it has: until all has,
  // the content and actions wait hidden under one loading line, then show whole. Shown piece by piece,
  // a form arriving pushed the Actions down (Lighthouse: layout shift 0.067 on the questionnaire step).
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(() => new Set());
  const onLoaded = useCallback((contentId: string) => setLoaded((done) => (done.has(contentId) ? done : new Set(done).add(contentId))), []);
  if (error) return <Page title="Step"><Alert tone="danger">{(error as Error).message}</Alert></Page>;
  if (!step) return <Page title="Step"><LoadingState message="Loading step..." /></Page>;
  const changed = (page: StepView) => void mutate(page, { revalidate: false });
  const settled = step.contents.every((content) => content.hidden || !(content.form || content.upload) || loaded.has(content.id));
  return (
    <Page title={step.name} actions={step.canChangeStatus && <StepStatusSelector step={step} onChanged={() => mutate()} />}>
      <div className="step-header">
        <Link href={`/tracks/${step.trackTemplateId}/assignments/${step.trackInstanceId}`}>Track</Link>
        <div className="step-row">
          <StepStatusBadge status={step.status} />
          <span className="step-muted">{step.trackName}</span>
        </div>
      </div>
      {step.status === 'Unavailable' ? (
        <Alert tone="info">{UNAVAILABLE_MESSAGE}</Alert>
      ) : (
        <>
          <RichTextView className="step-description" html={step.description} />
          {step.attachments.length > 0 && (
            <StepSection id="step-attachments" title="Attachments">
              {step.attachments.map((file) => (
                <li key={file.key} className="step-row">
                  <span>{file.name}</span>
                  <Button size="small" variant="secondary" onPress={() => void download(step, file.key)}>Click to download</Button>
                </li>
              ))}
            </StepSection>
          )}
          {!settled && <LoadingState message="Loading step..." />}
          <div className="step-parts" hidden={!settled}>
            {step.contents.length > 0 && (
              <StepSection id="step-content" title="Content" intro="Complete or review each of the content items listed below.">
                {step.contents.map((content) => (
                  <StepContentItem key={content.id} content={content} onChanged={changed} onFormSaved={() => void mutate()} onLoaded={onLoaded} />
                ))}
              </StepSection>
            )}
            {step.actions.length > 0 && (
              <StepSection id="step-actions" title="Actions" intro="Complete or review each of the action items listed below.">
                {step.actions.map((action) => <StepActionItem key={action.id} action={action} contentDone={step.contentDone} onChanged={changed} />)}
              </StepSection>
            )}
            {/* The committee's file for its meeting: whoever sees a vote here may make the candidate's packet. */}
            {step.actions.some((action) => action.vote) && (
              <section className="step-section" aria-labelledby="step-packet">
                <h2 id="step-packet">For the committee</h2>
                <p className="step-muted">The candidate's file as you may read it, as a PDF to bring to the meeting.</p>
                <CandidatePacketButton trackInstanceId={step.trackInstanceId} />
              </section>
            )}
          </div>
        </>
      )}
    </Page>
  );
}

/** One titled section of the step page: its heading labels it, its items are a list. */
function StepSection({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section className="step-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {intro && <p className="step-muted">{intro}</p>}
      <ul className="step-list">{children}</ul>
    </section>
  );
}

async function download(step: StepView, key: string) {
  const { url } = await call(routes.step.instanceAttachment, { params: { id: step.id, key } });
  window.location.assign(url);
}
