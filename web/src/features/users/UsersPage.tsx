import { EmptyState } from '../../components/ui/EmptyState';
import { Gate } from '../../lib/gate';
import { Page } from '../../lib/page';

export default function UsersPage() {
  return (
    <Page title="Users">
      <Gate I="update" a="Conference">
        <EmptyState title="People management is on its way" message="Users, their roles, locations and status will be listed here." />
      </Gate>
    </Page>
  );
}
