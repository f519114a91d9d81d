import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../lib/page';

export default function TracksPage() {
  return (
    <Page title="Tracks">
      <EmptyState title="Tracks are on their way" message="Track templates, your participation and your assignments will be listed here." />
    </Page>
  );
}
