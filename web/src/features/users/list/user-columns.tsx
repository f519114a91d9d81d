import type { ColumnDef } from '@tanstack/react-table';
import type { UserRow } from '@shared/api/user-directory';
import { Badge, Link, formatDate } from '../../../components/ui';

const names = (refs: Array<{ name: string }>) => refs.map((ref) => ref.name).join(', ');

/** SPEC.md section 2: name, email, roles, status, conference, district, created-at date; name, email and created-at sort on the server. */
export const USER_COLUMNS: ColumnDef<UserRow, any>[] = [
  {
    id: 'name',
    header: 'Name',
    accessorFn: (row) => `${row.firstName} ${row.lastName}`,
    cell: ({ row }) => <Link href={`/users/${row.original.id}`}>{`${row.original.firstName} ${row.original.lastName}`}</Link>,
  },
  { accessorKey: 'email', header: 'Email' },
  { id: 'roles', header: 'Roles', enableSorting: false, accessorFn: (row) => names(row.roles) },
  {
    accessorKey: 'status',
    header: 'Status',
    enableSorting: false,
    cell: ({ row }) => <Badge tone={row.original.status === 'Active' ? 'success' : 'neutral'}>{row.original.status}</Badge>,
  },
  { id: 'conference', header: 'Conference', enableSorting: false, accessorFn: (row) => names(row.conferences) },
  { id: 'district', header: 'District', enableSorting: false, accessorFn: (row) => names(row.districts) },
  { accessorKey: 'createdAt', header: 'Created', cell: ({ row }) => formatDate(row.original.createdAt) },
];
