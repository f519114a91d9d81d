import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { TrackTemplateView } from '@shared/schemas/track';
import { Badge, Button, Checkbox, DataTable, Link, SearchableSelect, type SelectOption, type ServerTableState } from '../../components/ui';
import { useAbility } from '../../lib/ability';
import { routes } from '../../lib/api/routes';
import { useSave } from '../../lib/forms/use-save';
import { compact, pageOf, searchOf } from '../../lib/table/table-query';
import { usePagedTable } from '../../lib/table/use-paged-table';
import { SYSTEM_OPTION, conferenceOptions, deactivateTrack, deleteTrack, type TrackPageQuery } from './track-api';
import { mayEditTrack } from './track-rules';
import { TrackDeleteDialog } from './TrackDeleteDialog';
import { TrackDeactivateDialog } from './TrackDeactivateDialog';

export interface TrackFilters {
  conference: SelectOption | null;
  active: boolean;
  inactive: boolean;
}

/** What quickSearch receives for the table's state and the filters (SPEC.md section 2). */
export function trackPageQuery(state: ServerTableState, filters: TrackFilters): TrackPageQuery {
  return {
    ...pageOf(state),
    where: compact({ name: searchOf(state), conferenceId: filters.conference?.id, active: filters.active, inactive: filters.inactive }),
  };
}

export interface TrackTemplatesSectionProps {
  /** The track whose Confirm delete is open (its route: /tracks/delete-track/{id}). */
  deleting?: string;
  /** The track whose Confirm deactivation is open (its route: /tracks/deactivate-track/{id}). */
  deactivating?: string;
  /** Confirm delete closed; `runningJobId` while its job still runs. */
  onCloseDelete: (runningJobId?: string) => void;
}

/** The Track Templates table: search, conference, Active and Inactive filters, deactivate and delete per row. */
export function TrackTemplatesSection({ deleting, deactivating, onCloseDelete }: TrackTemplatesSectionProps) {
  const ability = useAbility();
  const isSuperadmin = ability.can('manage', 'all');
  // SPEC.md section 2: active on, inactive off, conferences off; a superadmin starts on 'System'.
  const [filters, setFilters] = useState<TrackFilters>({ conference: isSuperadmin ? SYSTEM_OPTION : null, active: true, inactive: false });
  const paged = usePagedTable(routes.track.quickSearch, (state) => trackPageQuery(state, filters));
  const save = useSave(paged.refresh);
  const navigate = useNavigate();
  const change = (next: Partial<TrackFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    paged.toFirstPage();
  };

  const columns: ColumnDef<TrackTemplateView, any>[] = [
    {
      accessorKey: 'name',
      header: 'Name',
      enableSorting: false,
      cell: ({ row }) => (
        <span className="tracks-name-cell">
          <Link href={`/tracks/${row.original.id}`}>{row.original.name}</Link>
          {row.original.disabled && <Badge tone="warning">Inactive</Badge>}
        </span>
      ),
    },
    { id: 'conference', header: 'Conference', enableSorting: false, cell: ({ row }) => row.original.conference?.name ?? 'System' },
    { accessorKey: 'description', header: 'Description', enableSorting: false },
    {
      id: 'actions',
      header: () => <span className="ui-visually-hidden">Actions</span>,
      meta: { label: 'Actions' },
      enableSorting: false,
      cell: ({ row }) => {
        const track = row.original;
        if (!mayEditTrack(ability, track)) return null;
        return (
          <div className="ui-button-row tracks-row-buttons">
            {!track.disabled && (
              <Button size="small" variant="secondary" onPress={() => navigate(`/tracks/deactivate-track/${track.id}`)}>
                Deactivate
              </Button>
            )}
            {track.instanceCount === 0 && (
              <Button size="small" variant="danger" onPress={() => navigate(`/tracks/delete-track/${track.id}`)}>
                Delete
              </Button>
            )}
          </div>
        );
      },
    },
  ];

  async function deactivate(trackTemplateId: string, name: string) {
    await save.run(() => deactivateTrack(trackTemplateId), `${name} was deactivated.`);
  }

  /** Confirm delete's start: the track leaves the list at once (marked deleting), the job goes on. */
  async function startDelete(trackTemplateId: string, name: string): Promise<string | null> {
    let jobId: string | null = null;
    const started = await save.run(async () => {
      jobId = (await deleteTrack(trackTemplateId)).jobId;
    }, `${name} is being deleted.`);
    return started ? jobId : null;
  }

  return (
    <section className="tracks-section" aria-labelledby="tracks-templates">
      <h2 id="tracks-templates">Track Templates</h2>
      <div className="tracks-filters">
        <SearchableSelect
          className="tracks-conference-filter"
          label="Conference"
          placeholder="All conferences"
          value={filters.conference}
          onChange={(conference) => change({ conference })}
          loadOptions={(text) => conferenceOptions(text, true)}
        />
        <Checkbox isSelected={filters.active} onChange={(active) => change({ active })}>
          Active
        </Checkbox>
        <Checkbox isSelected={filters.inactive} onChange={(inactive) => change({ inactive })}>
          Inactive
        </Checkbox>
      </div>
      <DataTable<TrackTemplateView> {...paged.table} aria-label="Track Templates" columns={columns} getRowId={(row) => row.id} />
      {deactivating && (
        <TrackDeactivateDialog trackTemplateId={deactivating} isPending={save.isPending} deactivate={(name) => deactivate(deactivating, name)} onClose={() => navigate('/tracks')} />
      )}
      {deleting && <TrackDeleteDialog trackTemplateId={deleting} start={(name) => startDelete(deleting, name)} onClose={onCloseDelete} />}
    </section>
  );
}
