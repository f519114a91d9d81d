import type { ColumnDef } from '@tanstack/react-table';
import type { FormInstanceSummary } from '@shared/api/form';
import { DataTable, Link, formatDate, useServerTableState } from '../../../components/ui';
import { useApi } from '../../../lib/api/use-api';
import { routes } from '../../../lib/api/routes';

const COLUMNS: ColumnDef<FormInstanceSummary, any>[] = [
  { accessorKey: 'title', header: 'Title', enableSorting: false, cell: ({ row }) => <Link href={`/step/${row.original.stepInstanceId}`}>{row.original.title || 'Untitled'}</Link> },
  { accessorKey: 'trackName', header: 'Track', enableSorting: false },
  { accessorKey: 'stepName', header: 'Step', enableSorting: false },
  { accessorKey: 'phaseName', header: 'Phase', enableSorting: false },
  { id: 'submittedAt', header: 'Submitted At', enableSorting: false, accessorFn: (row) => (row.submitted && row.submittedAt ? formatDate(row.submittedAt) : 'Not Submitted') },
];

/**
 * Forms (SPEC.md section 2): the user's form instances as summaries (issue 11's index), never
 * answers. The server answers at most USER_FORMS_MAX of them in one read; the table pages those.
 */
export function FormsTab({ userId }: { userId: string }) {
  const [state, setState] = useServerTableState();
  const forms = useApi(routes.form.userForms, { params: { userId } });
  const rows = forms.data ?? [];
  const start = state.pageIndex * state.pageSize;
  return (
    <DataTable<FormInstanceSummary>
      aria-label="Forms"
      columns={COLUMNS}
      data={forms.data ? rows.slice(start, start + state.pageSize) : undefined}
      count={rows.length}
      isLoading={forms.isLoading}
      state={state}
      onStateChange={setState}
      getRowId={(row) => row.id}
      emptyState={forms.error ? (forms.error as Error).message : 'No forms yet.'}
    />
  );
}
