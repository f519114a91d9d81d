import { Route, Routes, useNavigate, useParams } from 'react-router';
import type { TrackOutline } from '@shared/schemas/track';
import { deleteGroupQuestion, type UserGroupView } from '@shared/schemas/user-group';
import { Alert, Button, ConfirmDialog, EmptyState, LoadingState, Modal } from '../../../components/ui';
import { useAbility } from '../../../lib/ability';
import { useSave } from '../../../lib/forms/use-save';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { deleteGroup, useGroup, useTrackGroups } from './group-api';
import { GroupCard } from './GroupCard';
import { GroupDialog } from './GroupDialog';
import './interviewers.css';

/**
 * /tracks/{id}/interviewers (SPEC.md section 2): the track's interview groups the viewer may see,
 * as cards; '+ Group' opens /interviewers/add ('Add Interview Group'), a card's Edit opens
 * /interviewers/edit/{groupId} ('Manage Interview Group'); Delete asks SPEC's question first.
 */
export default function InterviewersPage({ track }: { track: TrackOutline }) {
  const navigate = useNavigate();
  const groups = useTrackGroups(track.id);
  const save = useSave(() => groups.mutate());
  const removing = useDialogTarget<UserGroupView>();
  const mayAdd = useAbility().can('create', 'UserGroup');
  const trackConference = track.conference ? { id: track.conference.id, label: track.conference.name } : null;
  const base = `/tracks/${track.id}/interviewers`;
  const backToList = () => navigate(base);
  const onSaved = (group: UserGroupView, verb: string) => {
    save.saved(`Group ${group.name} was ${verb}.`);
    backToList();
  };
  const add = mayAdd && (
    <Button onPress={() => navigate(`${base}/add`)}>
      + Group
    </Button>
  );

  let body;
  if (groups.error) body = <Alert tone="danger">{(groups.error as Error).message}</Alert>;
  else if (!groups.data) body = <LoadingState message="Loading interview groups..." />;
  else if (groups.data.data.length === 0) body = <EmptyState message="No interview groups yet." action={add || undefined} />;
  else {
    body = (
      <ul className="groups-cards" aria-label="Interview groups">
        {groups.data.data.map((group) => (
          <GroupCard key={group.id} group={group} onEdit={() => navigate(`${base}/edit/${group.id}`)} onDelete={() => removing.open(group)} />
        ))}
      </ul>
    );
  }

  return (
    <section className="groups-page" aria-labelledby="groups-heading">
      <div className="groups-head">
        <h2 id="groups-heading">Interviewer Groups</h2>
        {groups.data && groups.data.data.length > 0 && add}
      </div>
      {body}
      <Routes>
        <Route path="add" element={<GroupDialog trackTemplateId={track.id} trackConference={trackConference} onClose={backToList} onSaved={(group) => onSaved(group, 'added')} />} />
        <Route path="edit/:groupId" element={<EditGroupRoute trackTemplateId={track.id} onClose={backToList} onSaved={(group) => onSaved(group, 'saved')} />} />
      </Routes>
      <ConfirmDialog
        isOpen={removing.isOpen}
        title="Delete Group"
        tone="danger"
        confirmLabel="Delete"
        message={removing.target ? deleteGroupQuestion(removing.target.name) : ''}
        isPending={save.isPending}
        onCancel={removing.close}
        onConfirm={async () => {
          const target = removing.target;
          if (target && (await save.run(() => deleteGroup(target.id), `Group ${target.name} was deleted.`))) removing.close();
        }}
      />
    </section>
  );
}

/** Manage Interview Group at /interviewers/edit/{groupId}: waits for the group (a shared link works). */
function EditGroupRoute({ trackTemplateId, onClose, onSaved }: { trackTemplateId: string; onClose: () => void; onSaved: (group: UserGroupView) => void }) {
  const { groupId } = useParams();
  const group = useGroup(groupId);
  if (group.error || !group.data) {
    return (
      <Modal isOpen onClose={onClose} title="Manage Interview Group" size="small">
        {group.error ? <Alert tone="danger">{(group.error as Error).message}</Alert> : <LoadingState message="Loading group..." />}
      </Modal>
    );
  }
  return <GroupDialog key={group.data.version} trackTemplateId={trackTemplateId} trackConference={null} group={group.data} onClose={onClose} onSaved={onSaved} />;
}
