import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ColumnDef, RowSelectionState } from '@tanstack/react-table';
import type { FormRow } from '@shared/api/form';
import { Button, DataTable, Link, useToast, type ServerTableState } from '../../components/ui';
import { compact, orderByOf, pageOf, searchOf } from '../../lib/table/table-query';
import { usePagedTable } from '../../lib/table/use-paged-table';
import { createForm, formPageRoute, type FormPageQuery } from './form-api';

/** SPEC.md section 2: checkbox, name, system form (Yes/No, not filterable), edit link. */
const COLUMNS: ColumnDef<FormRow, any>[] = [
  { accessorKey: 'name', header: 'Name' },
  { id: 'system', header: 'System Form', enableSorting: false, meta: { filterable: false }, cell: ({ row }) => (row.original.system ? 'Yes' : 'No') },
  {
    id: 'edit',
    header: () => <span className="ui-visually-hidden">Edit</span>,
    meta: { label: 'Edit' },
    enableSorting: false,
    cell: ({ row }) => (
      <Link href={`/forms/${row.original.id}`} aria-label={`Edit ${row.original.name}`}>
        Edit
      </Link>
    ),
  },
];

export function formPageQuery(state: ServerTableState): FormPageQuery {
  return { ...pageOf(state), orderBy: orderByOf(state), where: compact({ name: searchOf(state) }) };
}

/** `/forms`: the forms table; Add creates an Untitled form and opens it. */
export function FormsList() {
  const paged = usePagedTable(formPageRoute, formPageQuery);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [isAdding, setAdding] = useState(false);
  const navigate = useNavigate();
  const { showToast } = useToast();

  async function add() {
    setAdding(true);
    try {
      const form = await createForm();
      void navigate(`/forms/${form.id}`);
    } catch (error) {
      showToast((error as Error).message, { tone: 'danger' });
      setAdding(false);
    }
  }

  return (
    <DataTable<FormRow>
      {...paged.table}
      aria-label="Forms"
      columns={COLUMNS}
      getRowId={(row) => row.id}
      getRowLabel={(row) => row.name}
      rowSelection={selection}
      onRowSelectionChange={setSelection}
      toolbar={
        <Button onPress={() => void add()} isPending={isAdding}>
          Add
        </Button>
      }
    />
  );
}
