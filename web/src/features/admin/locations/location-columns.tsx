import type { ColumnDef } from '@tanstack/react-table';
import type { LocationRow } from '@shared/schemas/location';
import { Badge } from '../../../components/ui';
import type { LocationKindConfig } from './location-kinds';

/** The table's columns for one kind (SPEC.md section 2): name, parent name, conferences, then row actions. */
export function locationColumns(config: LocationKindConfig, renderActions: (row: LocationRow) => React.ReactNode): ColumnDef<LocationRow, any>[] {
  const columns: ColumnDef<LocationRow, any>[] = [
    {
      accessorKey: 'name',
      header: 'Name',
      enableSorting: config.sortable.name,
      cell: ({ row }) => (
        <span className="admin-name-cell">
          {row.original.name}
          {!row.original.active && <Badge tone="warning">Inactive</Badge>}
        </span>
      ),
    },
  ];
  if (config.parent) {
    columns.push({ accessorKey: 'parentName', header: config.parent.label, enableSorting: config.sortable.parentName, cell: ({ row }) => row.original.parentName ?? '' });
  }
  if (config.listsConferences) {
    columns.push({ id: 'conferences', header: 'Conferences', enableSorting: false, cell: ({ row }) => (row.original.conferences ?? []).join(', ') });
  }
  columns.push({
    id: 'actions',
    header: () => <span className="ui-visually-hidden">Actions</span>,
    meta: { label: 'Actions' },
    enableSorting: false,
    cell: ({ row }) => renderActions(row.original),
  });
  return columns;
}
