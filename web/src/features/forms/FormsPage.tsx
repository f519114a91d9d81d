import { EmptyState } from '../../components/ui/EmptyState';
import { Gate } from '../../lib/gate';
import { Page } from '../../lib/page';

export default function FormsPage() {
  return (
    <Page title="Forms">
      <Gate I="create" a="FormTemplate">
        <EmptyState title="The form builder is on its way" message="Versioned forms will be built and managed here." />
      </Gate>
    </Page>
  );
}
