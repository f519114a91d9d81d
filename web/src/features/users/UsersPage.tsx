import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { RowSelectionState } from '@tanstack/react-table';
import type { UserRow } from '@shared/api/user-directory';
import { Button, DataTable, type ServerTableState } from '../../components/ui';
import { useAbility } from '../../lib/ability';
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
import { exportUsers } from './list/users-export-api';
import { ExportMenu } from '../../lib/exports/ExportMenu';
import { USERS_PATH, userDialogPath, type UserDialog } from './list/user-dialogs';
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

/**
 * /users (SPEC.md section 2): the users the viewer may see, paged, sorted, filtered and searched
 * on the server, with the Actions menu. /users/{dialog} is the same page with that dialog open.
 */
export default function UsersPage({ dialog }: { dialog?: UserDialog }) {
  return (
    <Page title="Users">
      <Gate I="update" a="Conference">
        <UsersTable dialog={dialog} />
      </Gate>
    </Page>
  );
}

function UsersTable({ dialog }: { dialog?: UserDialog }) {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<UserFilterValues>(NO_USER_FILTERS);
  const paged = usePagedTable(userPageRoute, (state) => userPageQuery(state, filters));
  const save = useSave(paged.refresh);
  const [selection, setSelection] = useState<RowSelectionState>({});
  // Only rows on screen count: a page change or a search never leaves hidden rows selected.
  const selected = paged.rows.filter((row) => selection[row.id]);
  const ability = useAbility();

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
            <ExportMenu what="users" start={(format) => exportUsers(format, paged.request.query)} />
            <UserActions selected={selected} dialog={dialog === 'add-user' ? undefined : dialog} save={save} onDone={() => setSelection({})} />
            <Button isDisabled={!ability.can('create', 'User')} onPress={() => navigate(userDialogPath('add-user'))}>
              Add User
            </Button>
          </>
        }
      />
      {dialog === 'add-user' && ability.can('create', 'User') && (
        <AddUserDialog
          onClose={() => navigate(USERS_PATH)}
          onAdded={(user) => {
            navigate(USERS_PATH);
            save.saved(`${user.firstName} ${user.lastName} was added and invited.`);
          }}
        />
      )}
    </div>
  );
}
