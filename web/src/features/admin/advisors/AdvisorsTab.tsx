import { useState } from 'react';
import type { ColumnDef, RowSelectionState } from '@tanstack/react-table';
import { Button, ConfirmDialog, DataTable, Link, type ServerTableState } from '../../../components/ui';
import { compact, orderByOf, pageOf, searchOf } from '../../../lib/table/table-query';
import { useSave } from '../../../lib/forms/use-save';
import { usePagedTable } from '../../../lib/table/use-paged-table';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { advisorPageRoute, removeAdvisorRole, type AdvisorPageQuery } from './advisor-api';

interface AdvisorRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

const profileLink = (row: AdvisorRow, text: string) => <Link href={`/users/${row.id}`}>{text}</Link>;

/** SPEC.md section 2: checkbox, first name, last name, email; names link to the profile; only last name sorts. */
const COLUMNS: ColumnDef<AdvisorRow, any>[] = [
  { accessorKey: 'firstName', header: 'First Name', enableSorting: false, cell: ({ row }) => profileLink(row.original, row.original.firstName) },
  { accessorKey: 'lastName', header: 'Last Name', cell: ({ row }) => profileLink(row.original, row.original.lastName) },
  { accessorKey: 'email', header: 'Email', enableSorting: false },
];

export function advisorPageQuery(state: ServerTableState): AdvisorPageQuery {
  return { ...pageOf(state), orderBy: orderByOf(state), where: compact({ name: searchOf(state) }) };
}

const usersText = (count: number) => (count === 1 ? '1 selected user' : `${count} selected users`);

/** The Advisors tab: advisors in the caller's scope; selected ones can lose the Advisor role. */
export function AdvisorsTab() {
  const paged = usePagedTable(advisorPageRoute, advisorPageQuery);
  const save = useSave(paged.refresh);
  const [selection, setSelection] = useState<RowSelectionState>({});
  // The users to take the role from, fixed when the question is asked.
  const confirm = useDialogTarget<string[]>();
  // Only rows on screen count: a search or a page change never leaves hidden rows selected,
  // and a tick made while a search is still on its way survives when the row comes back.
  const rowsOnScreen = new Set(paged.rows.map((row) => row.id));
  const selectedIds = Object.keys(selection).filter((id) => selection[id] && rowsOnScreen.has(id));

  async function removeRole(userIds: string[]) {
    if (await save.run(() => removeAdvisorRole(userIds), `The Advisor role was removed from ${usersText(userIds.length)}.`)) setSelection({});
    confirm.close();
  }

  return (
    <div className="admin-tab">
      <DataTable<AdvisorRow>
        {...paged.table}
        aria-label="Advisors"
        columns={COLUMNS}
        getRowId={(row) => row.id}
        getRowLabel={(row) => `${row.firstName} ${row.lastName}`}
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        toolbar={
          <Button variant="danger" isDisabled={selectedIds.length === 0} onPress={() => confirm.open(selectedIds)}>
            Remove Role From Users
          </Button>
        }
      />
      <ConfirmDialog
        isOpen={confirm.isOpen}
        title="Remove Role From Users"
        message={`Remove the Advisor role from ${usersText(confirm.target?.length ?? 0)}? Their advisor assignments are removed too.`}
        confirmLabel="Remove Role"
        tone="danger"
        isPending={save.isPending}
        onConfirm={() => confirm.target && void removeRole(confirm.target)}
        onCancel={confirm.close}
      />
    </div>
  );
}
