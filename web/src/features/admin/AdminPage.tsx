import { EmptyState } from '../../components/ui/EmptyState';
import { Gate } from '../../lib/gate';
import { Page } from '../../lib/page';

export default function AdminPage() {
  return (
    <Page title="Admin">
      <Gate I="update" a="Conference">
        <EmptyState title="Administration is on its way" message="Churches, districts, conferences, episcopal areas, jurisdictions, advisors and roles will be managed here." />
      </Gate>
    </Page>
  );
}
