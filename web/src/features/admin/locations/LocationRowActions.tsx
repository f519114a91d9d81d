import type { LocationRow } from '@shared/schemas/location';
import { MenuButton, type MenuItemSpec } from '../../../components/ui';
import { useAbility } from '../../../lib/ability';

export interface LocationRowActionsProps {
  row: LocationRow;
  onEdit: (row: LocationRow) => void;
  onDeactivate: (row: LocationRow) => void;
  onReactivate: (row: LocationRow) => void;
}

/**
 * Edit, Deactivate / Reactivate for one row. Table rows are checked at the type level only
 * (no request per row); the server's 403 covers a row outside the caller's scope, and the
 * edit dialog checks the location itself.
 */
export function LocationRowActions({ row, onEdit, onDeactivate, onReactivate }: LocationRowActionsProps) {
  const ability = useAbility();
  const items: MenuItemSpec[] = [];
  if (ability.can('update', row.kind)) items.push({ id: 'edit', label: 'Edit', onAction: () => onEdit(row) });
  if (row.active && ability.can('delete', row.kind)) items.push({ id: 'deactivate', label: 'Deactivate', tone: 'danger', onAction: () => onDeactivate(row) });
  if (!row.active && ability.can('update', row.kind)) items.push({ id: 'reactivate', label: 'Reactivate', onAction: () => onReactivate(row) });
  if (items.length === 0) return null;
  return <MenuButton label="Actions" aria-label={`Actions for ${row.name}`} items={items} variant="ghost" />;
}
