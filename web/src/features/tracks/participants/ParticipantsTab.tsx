import { Suspense, useState } from 'react';
import type { ColumnDef, RowSelectionState } from '@tanstack/react-table';
import { Route, Routes, useNavigate, useParams, useSearchParams } from 'react-router';
import { NO_PARTICIPANTS_MESSAGE, PARTIAL_PARTICIPANTS_MESSAGE, type AssigneeRef, type ParticipantRow } from '@shared/schemas/participants';
import { Alert, Button, DataTable, EmptyState, Link } from '../../../components/ui';
import { useAbility } from '../../../lib/ability';
import { usePagedBodyTable } from '../../../lib/table/use-paged-table';
import { participantPageBody, statusOfSearch, participantPageRoute } from './participants-api';
import { ParticipantActions } from './ParticipantActions';
import { ParticipantsExport } from './ParticipantsExport';
import { ENROLMENT_ACTIONS, type EnrolmentAction } from './selected-enrolments';
import { lazyChunk } from '../../../lib/chunk-load';

// The routed dialogs (Add Participant brings the enrolment pickers) load when their route opens.
const AddParticipantDialog = lazyChunk(() => import('./AddParticipantDialog').then((m) => ({ default: m.AddParticipantDialog })));
const ManageParticipantDialog = lazyChunk(() => import('./ManageParticipantDialog').then((m) => ({ default: m.ManageParticipantDialog })));
const RemoveEnrolmentDialog = lazyChunk(() => import('./RemoveEnrolmentDialog').then((m) => ({ default: m.RemoveEnrolmentDialog })));


function PeopleLinks({ people }: { people: AssigneeRef[] }) {
  return (
    <span className="participants-people">
      {people.map((person) => (
        <Link key={person.id} href={`/users/${person.id}`}>
          {`${person.firstName} ${person.lastName}`}
        </Link>
      ))}
    </span>
  );
}

function EditIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d="M11.5 2.5l2 2L6 12H4v-2l7.5-7.5z" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
    </svg>
  );
}

/** SPEC.md section 2's columns: View link, status, the three filterable names, advisors, interviewers, assigned date (UTC), edit. */
function columns(trackId: string, onEdit: ((row: ParticipantRow) => void) | null): ColumnDef<ParticipantRow, any>[] {
  return [
    { id: 'track', header: 'Track', cell: ({ row }) => <Link href={`/tracks/${trackId}/assignments/${row.original.id}`}>View</Link> },
    { accessorKey: 'status', header: 'Status' },
    { id: 'firstName', accessorFn: (row) => row.participant.firstName, header: 'First Name', meta: { filterable: true } },
    { id: 'lastName', accessorFn: (row) => row.participant.lastName, header: 'Last Name', meta: { filterable: true } },
    { id: 'email', accessorFn: (row) => row.participant.email, header: 'Email', meta: { filterable: true } },
    { id: 'advisors', header: 'Advisors', cell: ({ row }) => <PeopleLinks people={row.original.advisors} /> },
    { id: 'interviewers', header: 'Interviewers', cell: ({ row }) => <PeopleLinks people={row.original.interviewers} /> },
    { id: 'createdAt', header: 'Assigned Date', cell: ({ row }) => new Date(row.original.createdAt).toUTCString() },
    ...(onEdit
      ? [
          {
            id: 'edit',
            header: 'Edit',
            meta: { label: 'Edit' },
            cell: ({ row }: { row: { original: ParticipantRow } }) => (
              <Button size="small" variant="secondary" aria-label={`Manage ${row.original.participant.firstName} ${row.original.participant.lastName}`} onPress={() => onEdit(row.original)}>
                <EditIcon />
              </Button>
            ),
          } satisfies ColumnDef<ParticipantRow, any>,
        ]
      : []),
  ];
}

/**
 * /tracks/{id}/participants (SPEC.md section 2): the enrolments the caller may see, paged and
 * filtered on the server. '+ Participant' (create TrackInstance) opens participants/add; the edit
 * icon (update Conference) opens 'Manage Participant' at participants/manage/{instanceId}.
 * Manage-all users get the checkbox column and the Actions menu for the selected rows.
 */
export function ParticipantsTab({ track }: { track: { id: string; name: string } }) {
  const trackId = track.id;
  const ability = useAbility();
  const navigate = useNavigate();
  const base = `/tracks/${trackId}/participants`;
  // `?overdue=1` (the escalation digest's "and N more"): only enrolments with an Overdue step;
  // `?status=` (a dashboard figure): only enrolments in that status.
  const [searchParams] = useSearchParams();
  const overdueOnly = searchParams.get('overdue') === '1';
  const statusOnly = statusOfSearch(searchParams.get('status'));
  const paged = usePagedBodyTable(participantPageRoute, (state) => participantPageBody(state, overdueOnly, statusOnly), { trackTemplateId: trackId, isQuickSearch: 'true' });
  const canAdd = ability.can('create', 'TrackInstance');
  const canManage = ability.can('update', 'Conference');
  const canRemove = ability.can('delete', 'TrackInstance');
  const filtered = overdueOnly || Boolean(statusOnly) || paged.table.state.columnFilters.some((f) => String(f.value ?? '').trim());
  const addButton = canAdd && <Button onPress={() => navigate(`${base}/add`)}>+ Participant</Button>;
  const close = () => navigate(base);
  const saved = () => void paged.refresh();
  const managesAll = ability.can('manage', 'all');
  const [selection, setSelection] = useState<RowSelectionState>({});
  // Only rows on screen count: a page change or a filter never leaves hidden rows selected.
  const selected = paged.rows.filter((row) => selection[row.id]);
  const rest = useParams()['*'] ?? '';
  const action = ENROLMENT_ACTIONS.find((item) => item.id === rest)?.id as EnrolmentAction | undefined;
  const actions = managesAll && (
    <ParticipantActions
      trackId={trackId}
      selected={selected}
      dialog={action}
      base={base}
      onDone={() => {
        setSelection({});
        saved();
      }}
    />
  );
  const toolbar = (
    <>
      <ParticipantsExport trackId={trackId} where={paged.request.body?.where} />
      {actions}
      {addButton}
    </>
  );

  return (
    <div className="participants-tab">
      {(overdueOnly || statusOnly) && (
        <Alert tone="info">
          {`Showing ${[statusOnly && `${statusOnly} enrolments`, overdueOnly && 'participants with overdue steps'].filter(Boolean).join(' of ')}. `}
          <Link href={base}>Show all participants</Link>
        </Alert>
      )}
      <DataTable<ParticipantRow>
        {...paged.table}
        aria-label="Participants"
        columns={columns(trackId, canManage ? (row) => navigate(`${base}/manage/${row.id}`) : null)}
        getRowId={(row) => row.id}
        getRowLabel={(row) => `${row.participant.firstName} ${row.participant.lastName}`}
        {...(managesAll ? { rowSelection: selection, onRowSelectionChange: setSelection } : {})}
        showSearch={false}
        toolbar={toolbar}
        emptyState={paged.response && !filtered ? <EmptyState message={NO_PARTICIPANTS_MESSAGE} action={addButton || undefined} /> : paged.table.emptyState}
      />
      {paged.response?.partial && (
        <Alert tone="info">{PARTIAL_PARTICIPANTS_MESSAGE}</Alert>
      )}
      <Suspense fallback={null}>
        <Routes>
          {canAdd && <Route path="add" element={<AddParticipantDialog track={track} backTo={base} onEnrolled={saved} />} />}
          <Route
            path="manage/:instanceId"
            element={<ManageParticipantDialog rows={paged.rows} onClose={close} onSaved={saved} onRemove={(instanceId) => navigate(`${base}/remove/${instanceId}`)} />}
          />
          {canRemove && <Route path="remove/:instanceId" element={<RemoveEnrolmentDialog rows={paged.rows} trackName={track.name} onClose={close} onRemoved={saved} />} />}
        </Routes>
      </Suspense>
    </div>
  );
}
