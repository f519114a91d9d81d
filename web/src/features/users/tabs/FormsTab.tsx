import type { ColumnDef } from '@tanstack/react-table';
import type { FormTabRow } from '@shared/api/user-tabs';
import { DataTable, Link, formatDate } from '../../../components/ui';
import { routes } from '../../../lib/api/routes';
import { pageOf } from '../../../lib/table/table-query';
import { usePagedTable } from '../../../lib/table/use-paged-table';

/** SPEC.md section 2: the title links to the step unless the step's template is inactive. */
function Title({ row }: { row: FormTabRow }) {
  const title = row.title || 'Untitled';
  return row.stepInactive ? <span>{title}</span> : <Link href={`/step/${row.stepInstanceId}`}>{title}</Link>;
}

const COLUMNS: ColumnDef<FormTabRow, any>[] = [
  { accessorKey: 'title', header: 'Title', enableSorting: false, cell: ({ row }) => <Title row={row.original} /> },
  { accessorKey: 'trackName', header: 'Track', enableSorting: false },
  { accessorKey: 'stepName', header: 'Step', enableSorting: false },
  { accessorKey: 'phaseName', header: 'Phase', enableSorting: false },
  { id: 'submittedAt', header: 'Submitted At', enableSorting: false, accessorFn: (row) => (row.submitted && row.submittedAt ? formatDate(row.submittedAt) : 'Not Submitted') },
];

/** Forms (SPEC.md section 2): the user's form instances as summaries, never answers, paged on the server. */
export function FormsTab({ userId }: { userId: string }) {
  const paged = usePagedTable(routes.form.userForms, pageOf, { userId });
  return <DataTable<FormTabRow> {...paged.table} aria-label="Forms" columns={COLUMNS} getRowId={(row) => row.id} emptyState="No forms yet." />;
}
