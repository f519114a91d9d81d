import { useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import type { UserRow } from '@shared/api/user-directory';
import { Button, DataTable, type ServerTableState } from '../../components/ui';
import { useAbility } from '../../lib/ability';
import { useDialogTarget } from '../../lib/use-dialog-target';
import { Gate } from '../../lib/gate';
import { Page } from '../../lib/page';
import { useSave } from '../../lib/forms/use-save';
import { compact, orderByOf, pageOf, searchOf } from '../../lib/table/table-query';
import { usePagedTable } from '../../lib/table/use-paged-table';
import { USER_COLUMNS } from './list/user-columns';
import { AddUserDialog } from './list/AddUserDialog';
import { UserActions } from './list/UserActions';
import { NO_USER_FILTERS, UserFilters, type UserFilterValues } from './list/UserFilters';
import { userPageRoute, type UserPageQuery } from './list/users-api';
import './list/users.css';

/** What quickSearch receives for the table's state and the filters. */
export function userPageQuery(state: ServerTableState, filters: UserFilterValues): UserPageQuery {
  return {
    ...pageOf(state),
    orderBy: orderByOf(state),
    where: compact({
      name: searchOf(state),
      status: filters.status === 'All' ? undefined : filters.status,
      roleId: filters.role?.id,
      conferenceId: filters.conference?.id,
      districtId: filters.district?.id,
    }),
  };
}

/** /users (SPEC.md section 2): the users the viewer may see, paged, sorted, filtered and searched on the server, with the Actions menu. */
export default function UsersPage() {
  return (
    <Page title="Users">
      <Gate I="update" a="Conference">
        <UsersTable />
      </Gate>
    </Page>
  );
}

function UsersTable() {
  const [filters, setFilters] = useState<UserFilterValues>(NO_USER_FILTERS);
  const paged = usePagedTable(userPageRoute, (state) => userPageQuery(state, filters));
  const save = useSave(paged.refresh);
  const [selection, setSelection] = useState<RowSelectionState>({});
  // Only rows on screen count: a page change or a search never leaves hidden rows selected.
  const selected = paged.rows.filter((row) => selection[row.id]);
  const ability = useAbility();
  const addDialog = useDialogTarget<true>();

  return (
    <div className="users-page">
      <UserFilters
        value={filters}
        onChange={(next) => {
          setFilters(next);
          paged.toFirstPage();
        }}
      />
      <DataTable<UserRow>
        {...paged.table}
        aria-label="Users"
        columns={USER_COLUMNS}
        getRowId={(row) => row.id}
        getRowLabel={(row) => `${row.firstName} ${row.lastName}`}
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        toolbar={
          <>
            <UserActions selected={selected} save={save} onDone={() => setSelection({})} />
            <Button isDisabled={!ability.can('create', 'User')} onPress={() => addDialog.open(true)}>
              Add User
            </Button>
          </>
        }
      />
      {addDialog.target && (
        <AddUserDialog
          key={addDialog.openCount}
          isOpen={addDialog.isOpen}
          onClose={addDialog.close}
          onAdded={(user) => {
            addDialog.close();
            save.saved(`${user.firstName} ${user.lastName} was added and invited.`);
          }}
        />
      )}
    </div>
  );
}
