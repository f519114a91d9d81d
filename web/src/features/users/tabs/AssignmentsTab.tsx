import type { ColumnDef } from '@tanstack/react-table';
import type { AssignmentRow } from '@shared/api/user-tabs';
import { DataTable, Link } from '../../../components/ui';
import { routes } from '../../../lib/api/routes';
import { pageOf } from '../../../lib/table/table-query';
import { usePagedTable } from '../../../lib/table/use-paged-table';

const COLUMNS: ColumnDef<AssignmentRow, any>[] = [
  {
    id: 'name',
    header: 'Name',
    enableSorting: false,
    accessorFn: (row) => `${row.firstName} ${row.lastName}`,
    cell: ({ row }) => <Link href={`/users/${row.original.participantId}`}>{`${row.original.firstName} ${row.original.lastName}`}</Link>,
  },
  { accessorKey: 'email', header: 'Email', enableSorting: false },
  { accessorKey: 'trackName', header: 'Track Name', enableSorting: false },
  { accessorKey: 'roleName', header: 'Role', enableSorting: false },
];

/** User Assignments (SPEC.md section 2): the participants this user is assigned to, with track and role. */
export function AssignmentsTab({ userId }: { userId: string }) {
  const paged = usePagedTable(routes.user.assignedUsers, pageOf, { id: userId });
  return (
    <DataTable<AssignmentRow>
      {...paged.table}
      aria-label="User Assignments"
      columns={COLUMNS}
      getRowId={(row) => `${row.trackInstanceId}:${row.roleName}`}
      emptyState="No assignments yet."
    />
  );
}
