import { useState } from 'react';
import type { LocationRow, LocationView } from '@shared/schemas/location';
import { Button, ConfirmDialog, DataTable, useServerTableState, useToast, type SelectOption, type ServerTableState } from '../../../components/ui';
import { useAbility } from '../../../lib/ability';
import { compact, orderByOf, pageOf, searchOf } from '../../../lib/table/table-query';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import type { LocationKindConfig } from './location-kinds';
import { deactivateLocation, reactivateLocation, useLocationPage, type LocationPageQuery } from './location-api';
import { locationColumns } from './location-columns';
import { LocationDialog, type LocationDialogTarget } from './LocationDialog';
import { LocationFilters, type LocationStatus } from './LocationFilters';
import { LocationRowActions } from './LocationRowActions';

/** What quickSearch receives for the table's state and the two filters. */
export function locationPageQuery(state: ServerTableState, status: LocationStatus, parentId: string | undefined): LocationPageQuery {
  return {
    ...pageOf(state),
    orderBy: orderByOf(state),
    where: compact({ name: searchOf(state), parentId, active: status === 'active' ? 'true' : 'false' }),
  };
}

/** One location tab: the server-paged table, its filters, the Add / Edit dialog and deactivation. */
export function LocationTab({ config }: { config: LocationKindConfig }) {
  const ability = useAbility();
  const { showToast } = useToast();
  const [state, setState] = useServerTableState();
  const [status, setStatus] = useState<LocationStatus>('active');
  const [parent, setParent] = useState<SelectOption | null>(null);
  const page = useLocationPage(config.service, locationPageQuery(state, status, parent?.id));
  const dialog = useDialogTarget<LocationDialogTarget>();
  const confirmDeactivate = useDialogTarget<LocationRow>();
  const [isDeactivatePending, setDeactivatePending] = useState(false);

  const firstPage = () => setState((current) => ({ ...current, pageIndex: 0 }));
  const singular = config.singular;

  async function reactivate(row: LocationRow) {
    try {
      await reactivateLocation(config.service, row.id);
      showToast(`${row.name} was reactivated.`, { tone: 'success' });
      await page.mutate();
    } catch (error) {
      showToast((error as Error).message, { tone: 'danger' });
    }
  }

  async function deactivate(row: LocationRow) {
    setDeactivatePending(true);
    try {
      await deactivateLocation(config.service, row.id);
      showToast(`${row.name} was deactivated.`, { tone: 'success' });
      await page.mutate();
    } catch (error) {
      showToast((error as Error).message, { tone: 'danger' });
    } finally {
      setDeactivatePending(false);
      confirmDeactivate.close();
    }
  }

  function saved(location: LocationView, mode: LocationDialogTarget['mode']) {
    dialog.close();
    showToast(mode === 'add' ? `${singular} ${location.name} was added.` : `${singular} ${location.name} was saved.`, { tone: 'success' });
    void page.mutate();
  }

  const columns = locationColumns(config, (row) => (
    <LocationRowActions row={row} onEdit={(target) => dialog.open({ mode: 'edit', id: target.id })} onDeactivate={confirmDeactivate.open} onReactivate={reactivate} />
  ));

  return (
    <div className="admin-tab">
      <LocationFilters
        config={config}
        status={status}
        onStatusChange={(next) => {
          setStatus(next);
          firstPage();
        }}
        parent={parent}
        onParentChange={(next) => {
          setParent(next);
          firstPage();
        }}
      />
      <DataTable<LocationRow>
        aria-label={config.plural}
        columns={columns}
        data={page.data?.data}
        count={page.data?.count ?? 0}
        isLoading={page.isLoading}
        state={state}
        onStateChange={setState}
        getRowId={(row) => row.id}
        emptyState={page.error ? (page.error as Error).message : 'No results'}
        toolbar={
          ability.can('create', config.kind) && (
            <Button onPress={() => dialog.open({ mode: 'add' })}>
              Add {singular}
            </Button>
          )
        }
      />
      {dialog.target && (
        <LocationDialog key={dialog.openCount} config={config} target={dialog.target} isOpen={dialog.isOpen} onClose={dialog.close} onSaved={saved} />
      )}
      <ConfirmDialog
        isOpen={confirmDeactivate.isOpen}
        title={`Deactivate ${singular}`}
        message={`Are you sure you want to deactivate ${confirmDeactivate.target?.name ?? ''}? It stays on the records of the people linked to it.`}
        confirmLabel="Deactivate"
        tone="danger"
        isPending={isDeactivatePending}
        onConfirm={() => confirmDeactivate.target && void deactivate(confirmDeactivate.target)}
        onCancel={confirmDeactivate.close}
      />
    </div>
  );
}
