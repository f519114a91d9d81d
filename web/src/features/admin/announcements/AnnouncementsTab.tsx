import { Suspense, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { AnnouncementRecord } from '@shared/schemas/announcement';
import { Badge, Button, ConfirmDialog, DataTable, formatDateTime, MenuButton, type MenuItemSpec, type ServerTableState } from '../../../components/ui';
import { useAbility } from '../../../lib/ability';
import { useSave, type Save } from '../../../lib/forms/use-save';
import { useFollowJob } from '../../../lib/jobs/use-follow-job';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import { pageOf } from '../../../lib/table/table-query';
import { usePagedTable } from '../../../lib/table/use-paged-table';
import { announcementPageRoute, deleteAnnouncement, useAnnouncement, type AnnouncementPageQuery } from './announcement-api';
import { ANNOUNCEMENTS_PATH, announcementDialogPath, parseAnnouncementDialog } from './announcement-dialogs';
import { STATUS_TONES } from './announcement-form';

// The dialog brings the form library, the pickers and the schemas: fetched after the table.
const AnnouncementDialog = lazyWithPreload(() => import('./AnnouncementDialog').then((module) => module.AnnouncementDialog));
const PublishDialog = lazyWithPreload(() => import('./PublishDialog').then((module) => module.PublishDialog));

export const EMPTY_ANNOUNCEMENTS = 'No announcements yet.';
/** How a row names an announcement: its title, or the start of its description for one from before titles. */
const nameOf = (announcement: Pick<AnnouncementRecord, 'title' | 'message'>) =>
  announcement.title || (announcement.message.length > 80 ? `${announcement.message.slice(0, 80)}...` : announcement.message);

export const deleteAnnouncementMessage = (announcement: Pick<AnnouncementRecord, 'title' | 'message'>) => `Are you sure you want to delete the announcement "${nameOf(announcement)}"?`;

export function announcementPageQuery(state: ServerTableState): AnnouncementPageQuery {
  return pageOf(state);
}

const schedule = (row: AnnouncementRecord) => (row.endsAt ? `${formatDateTime(row.startsAt)} to ${formatDateTime(row.endsAt)}` : `From ${formatDateTime(row.startsAt)}`);

function announcementColumns(actions: (row: AnnouncementRecord) => MenuItemSpec[]): ColumnDef<AnnouncementRecord, any>[] {
  return [
    { accessorKey: 'title', header: 'Title', enableSorting: false, cell: ({ row }) => row.original.title },
    { accessorKey: 'message', header: 'Description', enableSorting: false, cell: ({ row }) => <span className="admin-message">{row.original.message}</span> },
    { id: 'audience', header: 'Audience', enableSorting: false, cell: ({ row }) => row.original.conference?.name ?? 'Everyone' },
    { id: 'schedule', header: 'Schedule', enableSorting: false, cell: ({ row }) => schedule(row.original) },
    { accessorKey: 'status', header: 'Status', enableSorting: false, cell: ({ row }) => <Badge tone={STATUS_TONES[row.original.status]}>{row.original.status}</Badge> },
    {
      id: 'actions',
      header: () => <span className="ui-visually-hidden">Actions</span>,
      meta: { label: 'Actions' },
      enableSorting: false,
      cell: ({ row }) => {
        const items = actions(row.original);
        return items.length > 0 && <MenuButton label="Actions" aria-label={`Actions for the announcement ${nameOf(row.original).slice(0, 40)}`} items={items} variant="ghost" />;
      },
    },
  ];
}

/**
 * The Announcements tab (issue 13): the announcements the caller manages, latest start first,
 * with Add, Edit and Delete, and Publish Message (a bell message to a location's people, sent
 * by a background job whose toast shows the progress). Each dialog has its URL below the tab
 * (announcement-dialogs.ts).
 */
export function AnnouncementsTab() {
  const ability = useAbility();
  const navigate = useNavigate();
  const route = parseAnnouncementDialog(useParams()['*']);
  const paged = usePagedTable(announcementPageRoute, announcementPageQuery);
  const save = useSave(paged.refresh);
  const followJob = useFollowJob();
  const toTab = () => navigate(ANNOUNCEMENTS_PATH);
  useEffect(() => AnnouncementDialog.preload(), []);

  const columns = announcementColumns((row) => [
    ...(ability.can('update', 'Announcement') ? [{ id: 'edit', label: 'Edit', onAction: () => navigate(announcementDialogPath({ dialog: 'edit', id: row.id })) }] : []),
    ...(ability.can('delete', 'Announcement') ? [{ id: 'delete', label: 'Delete', tone: 'danger' as const, onAction: () => navigate(announcementDialogPath({ dialog: 'delete', id: row.id })) }] : []),
  ]);

  return (
    <div className="admin-tab">
      <DataTable<AnnouncementRecord>
        {...paged.table}
        emptyState={paged.table.emptyState === 'No results' ? EMPTY_ANNOUNCEMENTS : paged.table.emptyState}
        aria-label="Announcements"
        columns={columns}
        getRowId={(row) => row.id}
        toolbar={
          <>
            {ability.can('update', 'User') && (
              <Button variant="secondary" onPress={() => navigate(announcementDialogPath({ dialog: 'publish' }))}>
                Publish Message
              </Button>
            )}
            {ability.can('create', 'Announcement') && <Button onPress={() => navigate(announcementDialogPath({ dialog: 'new' }))}>Add Announcement</Button>}
          </>
        }
      />
      {route?.dialog === 'publish' && ability.can('update', 'User') && (
        <Suspense fallback={null}>
          <PublishDialog
            onClose={toTab}
            onStarted={(jobId) => {
              toTab();
              followJob(jobId);
            }}
          />
        </Suspense>
      )}
      {(route?.dialog === 'new' || route?.dialog === 'edit') && (
        <Suspense fallback={null}>
          <AnnouncementDialog
            key={route.dialog === 'edit' ? route.id : 'new'}
            id={route.dialog === 'edit' ? route.id : undefined}
            onClose={toTab}
            onSaved={(_announcement, mode) => {
              toTab();
              save.saved(mode === 'add' ? 'The announcement was added.' : 'The announcement was saved.');
            }}
          />
        </Suspense>
      )}
      {route?.dialog === 'delete' && <DeleteAnnouncement id={route.id} onDone={toTab} save={save} />}
    </div>
  );
}

/** Confirm Delete, reading the announcement afresh for its message and version. */
function DeleteAnnouncement({ id, onDone, save }: { id: string; onDone: () => void; save: Save }) {
  const { data, error } = useAnnouncement(id);
  async function remove(announcement: AnnouncementRecord) {
    await save.run(() => deleteAnnouncement(announcement.id, announcement.version), 'The announcement was deleted.');
    onDone();
  }
  return (
    <ConfirmDialog
      isOpen
      title="Confirm Delete"
      message={error ? (error as Error).message : data ? deleteAnnouncementMessage(data) : 'Loading announcement...'}
      confirmLabel="Delete"
      tone="danger"
      isPending={save.isPending || !data}
      onConfirm={() => data && void remove(data)}
      onCancel={onDone}
    />
  );
}
