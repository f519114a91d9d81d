import { Suspense, useEffect, useState } from 'react';
import type { LocationRow, LocationView } from '@shared/schemas/location';
import { Button, ConfirmDialog, DataTable, type SelectOption, type ServerTableState } from '../../../components/ui';
import { useAbility } from '../../../lib/ability';
import { compact, orderByOf, pageOf, searchOf } from '../../../lib/table/table-query';
import { useSave } from '../../../lib/forms/use-save';
import { useFollowJob } from '../../../lib/jobs/use-follow-job';
import { usePagedTable } from '../../../lib/table/use-paged-table';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import type { LocationKindConfig } from './location-kinds';
import { deactivateLocation, locationPageRoute, reactivateLocation, type LocationPageQuery } from './location-api';
import { locationColumns } from './location-columns';
import type { LocationDialogTarget } from './LocationDialog';
import { LocationFilters, type LocationStatus } from './LocationFilters';
import { LocationRowActions } from './LocationRowActions';

// The dialog brings the form library and the schemas: fetched after the table, not before it.
const LocationDialog = lazyWithPreload(() => import('./LocationDialog').then((module) => module.LocationDialog));

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
  const [status, setStatus] = useState<LocationStatus>('active');
  const [parent, setParent] = useState<SelectOption | null>(null);
  const paged = usePagedTable(locationPageRoute(config.service), (state) => locationPageQuery(state, status, parent?.id));
  const save = useSave(paged.refresh);
  const followJob = useFollowJob();
  const dialog = useDialogTarget<LocationDialogTarget>();
  const confirmDeactivate = useDialogTarget<LocationRow>();
  const singular = config.singular;
  useEffect(() => LocationDialog.preload(), []);

  const reactivate = (row: LocationRow) => save.run(() => reactivateLocation(config.service, row.id), `${row.name} was reactivated.`);

  async function deactivate(row: LocationRow) {
    await save.run(() => deactivateLocation(config.service, row.id), `${row.name} was deactivated.`);
    confirmDeactivate.close();
  }

  function saved(location: LocationView, mode: LocationDialogTarget['mode']) {
    dialog.close();
    save.saved(mode === 'add' ? `${singular} ${location.name} was added.` : `${singular} ${location.name} was saved.`);
    // A rename or a move carries on in a background job (copies of the name, what lies under the
    // location): its toast shows the progress, and the table reloads again when it ends.
    if (location.jobId) followJob(location.jobId, { onFinished: () => void paged.refresh() });
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
          paged.toFirstPage();
        }}
        parent={parent}
        onParentChange={(next) => {
          setParent(next);
          paged.toFirstPage();
        }}
      />
      <DataTable<LocationRow>
        {...paged.table}
        aria-label={config.plural}
        columns={columns}
        getRowId={(row) => row.id}
        toolbar={
          ability.can('create', config.kind) && (
            <Button onPress={() => dialog.open({ mode: 'add' })}>
              Add {singular}
            </Button>
          )
        }
      />
      {dialog.target && (
        <Suspense fallback={null}>
          <LocationDialog key={dialog.openCount} config={config} target={dialog.target} isOpen={dialog.isOpen} onClose={dialog.close} onSaved={saved} />
        </Suspense>
      )}
      <ConfirmDialog
        isOpen={confirmDeactivate.isOpen}
        title={`Deactivate ${singular}`}
        message={`Are you sure you want to deactivate ${confirmDeactivate.target?.name ?? ''}? It stays on the records of the people linked to it.`}
        confirmLabel="Deactivate"
        tone="danger"
        isPending={save.isPending}
        onConfirm={() => confirmDeactivate.target && void deactivate(confirmDeactivate.target)}
        onCancel={confirmDeactivate.close}
      />
    </div>
  );
}
