import { Suspense, useEffect, useId, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { RoleView } from '@shared/schemas/role';
import { Badge, Button, ConfirmDialog, DataTable, RadioGroup, type ServerTableState } from '../../../components/ui';
import { useAbility } from '../../../lib/ability';
import { compact, orderByOf, pageOf, searchOf } from '../../../lib/table/table-query';
import { useSave } from '../../../lib/forms/use-save';
import { usePagedTable } from '../../../lib/table/use-paged-table';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { deleteRole, rolePageRoute, type RolePageQuery } from './role-api';
import { policySummary } from './policy-summary';

// The editor brings the form library and the schemas: fetched after the table, not before it.
const RoleEditorDialog = lazyWithPreload(() => import('./RoleEditorDialog').then((module) => module.RoleEditorDialog));

export const SYSTEM_ROLE_NOTE = 'System roles cannot be edited or deleted.';

type RoleKindFilter = 'all' | 'system' | 'custom';

const KIND_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'system', label: 'System' },
  { value: 'custom', label: 'Custom' },
];

export function rolePageQuery(state: ServerTableState, kind: RoleKindFilter): RolePageQuery {
  const system = kind === 'all' ? undefined : kind === 'system' ? 'true' : 'false';
  return { ...pageOf(state), orderBy: orderByOf(state), where: compact({ name: searchOf(state), system }) };
}

export const deleteRoleMessage = (role: Pick<RoleView, 'name'>) => `Are you sure you want to delete the ${role.name} role?`;

interface RoleActions {
  canEdit: boolean;
  canDelete: boolean;
  noteId: string;
  onEdit: (role: RoleView) => void;
  onDelete: (role: RoleView) => void;
}

function roleColumns({ canEdit, canDelete, noteId, onEdit, onDelete }: RoleActions): ColumnDef<RoleView, any>[] {
  return [
    {
      accessorKey: 'name',
      header: 'Name',
      cell: ({ row }) => (
        <span className="admin-role-name">
          {row.original.label}
          {row.original.label !== row.original.name && <span className="admin-muted">{row.original.name}</span>}
        </span>
      ),
    },
    {
      id: 'type',
      header: 'Type',
      enableSorting: false,
      cell: ({ row }) => (row.original.system ? <Badge tone="info">System</Badge> : <Badge>Custom</Badge>),
    },
    {
      id: 'policies',
      header: 'Policies',
      enableSorting: false,
      cell: ({ row }) => (
        <ul className="admin-policy-summary">
          {policySummary(row.original.policies).map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ),
    },
    {
      id: 'actions',
      header: () => <span className="ui-visually-hidden">Actions</span>,
      meta: { label: 'Actions' },
      enableSorting: false,
      cell: ({ row }) => {
        const role = row.original;
        const locked = role.system;
        const describedBy = locked ? noteId : undefined;
        return (
          <div className="ui-button-row admin-row-buttons">
            {canEdit && (
              <Button variant="secondary" size="small" aria-label={`Edit ${role.label}`} aria-describedby={describedBy} isDisabled={locked} onPress={() => onEdit(role)}>
                Edit
              </Button>
            )}
            {canDelete && (
              <Button variant="danger" size="small" aria-label={`Delete ${role.label}`} aria-describedby={describedBy} isDisabled={locked} onPress={() => onDelete(role)}>
                Delete
              </Button>
            )}
          </div>
        );
      },
    },
  ];
}

/** The Roles tab: the role table with the Role Editor and Confirm Delete dialogs. */
export function RolesTab() {
  const ability = useAbility();
  const noteId = useId();
  const [kind, setKind] = useState<RoleKindFilter>('all');
  const paged = usePagedTable(rolePageRoute, (state) => rolePageQuery(state, kind));
  const save = useSave(paged.refresh);
  const editor = useDialogTarget<{ role: RoleView | null }>();
  const confirmDelete = useDialogTarget<RoleView>();
  useEffect(() => RoleEditorDialog.preload(), []);

  async function remove(role: RoleView) {
    await save.run(() => deleteRole(role.id), `The ${role.name} role was deleted.`);
    confirmDelete.close();
  }

  function saved(role: RoleView, mode: 'add' | 'edit') {
    editor.close();
    save.saved(mode === 'add' ? `The ${role.name} role was added.` : `The ${role.name} role was saved.`);
  }

  const columns = roleColumns({
    canEdit: ability.can('update', 'Role'),
    canDelete: ability.can('delete', 'Role'),
    noteId,
    onEdit: (role) => editor.open({ role }),
    onDelete: confirmDelete.open,
  });

  return (
    <div className="admin-tab">
      <div className="admin-filters">
        <RadioGroup
          label="Type"
          orientation="horizontal"
          options={KIND_OPTIONS}
          value={kind}
          onChange={(value) => {
            setKind(value as RoleKindFilter);
            paged.toFirstPage();
          }}
        />
        <p id={noteId} className="admin-muted">
          {SYSTEM_ROLE_NOTE}
        </p>
      </div>
      <DataTable<RoleView>
        {...paged.table}
        aria-label="Roles"
        columns={columns}
        getRowId={(role) => role.id}
        toolbar={ability.can('create', 'Role') && <Button onPress={() => editor.open({ role: null })}>Add Role</Button>}
      />
      {editor.target && (
        <Suspense fallback={null}>
          <RoleEditorDialog key={editor.openCount} role={editor.target.role} isOpen={editor.isOpen} onClose={editor.close} onSaved={saved} />
        </Suspense>
      )}
      <ConfirmDialog
        isOpen={confirmDelete.isOpen}
        title="Confirm Delete"
        message={confirmDelete.target ? deleteRoleMessage(confirmDelete.target) : ''}
        confirmLabel="Delete"
        tone="danger"
        isPending={save.isPending}
        onConfirm={() => confirmDelete.target && void remove(confirmDelete.target)}
        onCancel={confirmDelete.close}
      />
    </div>
  );
}
