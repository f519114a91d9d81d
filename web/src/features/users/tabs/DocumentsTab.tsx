import type { ColumnDef } from '@tanstack/react-table';
import type { DocumentRow } from '@shared/api/user-tabs';
import { Button, DataTable, Link, formatDate } from '../../../components/ui';
import { routes } from '../../../lib/api/routes';
import { downloadFile } from '../../../lib/files/upload-file';
import { pageOf } from '../../../lib/table/table-query';
import { usePagedTable } from '../../../lib/table/use-paged-table';

const COLUMNS: ColumnDef<DocumentRow, any>[] = [
  { accessorKey: 'name', header: 'Title', enableSorting: false },
  { accessorKey: 'createdAt', header: 'Date', enableSorting: false, cell: ({ row }) => formatDate(row.original.createdAt) },
  { accessorKey: 'stepName', header: 'Step', enableSorting: false, cell: ({ row }) => <Link href={`/step/${row.original.stepInstanceId}`}>{row.original.stepName}</Link> },
  {
    id: 'download',
    header: 'Download',
    enableSorting: false,
    cell: ({ row }) => (
      <Button size="small" variant="secondary" aria-label={`Download ${row.original.name}`} onPress={() => void downloadFile(row.original.key)}>
        Download
      </Button>
    ),
  },
];

/** Documents (SPEC.md section 2): the files the user submitted in steps, newest first, with a download. */
export function DocumentsTab({ userId }: { userId: string }) {
  const paged = usePagedTable(routes.file.associatedFiles, pageOf, { userId });
  return <DataTable<DocumentRow> {...paged.table} aria-label="Documents" columns={COLUMNS} getRowId={(row) => row.key} emptyState="No documents yet." />;
}
