import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../lib/page';

export default function StepPage() {
  return (
    <Page title="Step">
      <EmptyState title="Steps are on their way" message="A step's attachments, content and actions will be shown here." />
    </Page>
  );
}
