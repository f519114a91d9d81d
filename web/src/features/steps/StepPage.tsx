import { useParams } from 'react-router';
import { Alert, Button, Link, LoadingState } from '../../components/ui';
import { RichTextView } from '../../components/rich-text/RichTextView';
import { StepStatusBadge } from '../../components/status/StepStatusBadge';
import { call } from '../../lib/api/client';
import { routes } from '../../lib/api/routes';
import { useApi } from '../../lib/api/use-api';
import { Page } from '../../lib/page';
import { StepActionItem } from './StepActionItem';
import { StepContentItem } from './StepContentItem';
import { StepStatusSelector } from './StepStatusSelector';
import { UNAVAILABLE_MESSAGE, type StepView } from './step-api';
import './steps.css';

/** `/step/{id}`: a participant's step (SPEC.md section 2): its description, attachments, content and actions. */
export default function StepPage() {
  const { id = '' } = useParams();
  const { data: step, error, mutate } = useApi(routes.step.stepInstance, { params: { id } });
  if (error) return <Page title="Step"><Alert tone="danger">{(error as Error).message}</Alert></Page>;
  if (!step) return <Page title="Step"><LoadingState message="Loading step..." /></Page>;
  const changed = (page: StepView) => void mutate(page, { revalidate: false });
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
            <section className="step-section" aria-labelledby="step-attachments">
              <h2 id="step-attachments">Attachments</h2>
              <ul className="step-list">
                {step.attachments.map((file) => (
                  <li key={file.key} className="step-row">
                    <span>{file.name}</span>
                    <Button size="small" variant="secondary" onPress={() => void download(step, file.key)}>Click to download</Button>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {step.contents.length > 0 && (
            <section className="step-section" aria-labelledby="step-content">
              <h2 id="step-content">Content</h2>
              <p className="step-muted">Complete or review each of the content items listed below.</p>
              <ul className="step-list">
                {step.contents.map((content) => <StepContentItem key={content.id} content={content} onChanged={changed} onFormSaved={() => void mutate()} />)}
              </ul>
            </section>
          )}
          {step.actions.length > 0 && (
            <section className="step-section" aria-labelledby="step-actions">
              <h2 id="step-actions">Actions</h2>
              <p className="step-muted">Complete or review each of the action items listed below.</p>
              <ul className="step-list">
                {step.actions.map((action) => <StepActionItem key={action.id} action={action} contentDone={step.contentDone} onChanged={changed} />)}
              </ul>
            </section>
          )}
        </>
      )}
    </Page>
  );
}

async function download(step: StepView, key: string) {
  const { url } = await call(routes.step.instanceAttachment, { params: { id: step.id, key } });
  window.location.assign(url);
}
