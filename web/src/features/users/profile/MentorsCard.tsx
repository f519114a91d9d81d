import { readsOtherUsers } from '@shared/auth/ability';
import { hasSystemRole } from '@shared/auth/permissions';
import { MENTOR_REQUIRED, NO_USER_SELECTED, UNASSIGN_WARNING, type MentorLinkView, type PersonView } from '@shared/schemas/mentors';
import type { UserView } from '@shared/schemas/user';
import { Alert, Button, Link, Skeleton, type SelectOption } from '../../../components/ui';
import { useAbility } from '../../../lib/ability';
import { useEntityCheck } from '../../../lib/gate';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';
import { useSave } from '../../../lib/forms/use-save';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { PickerDialog } from '../list/PickerDialog';
import { ConfirmRemoval } from './ConfirmRemoval';
import { RemoveButton } from './RemoveButton';
import { useRemovalFocus } from './use-removal-focus';

const option = (person: PersonView): SelectOption => ({ id: person.id, label: `${person.firstName} ${person.lastName}`, description: person.email });
const nameOf = (link: MentorLinkView) => `${link.user.firstName} ${link.user.lastName}`;

type Removal = { side: 'mentor' | 'mentee'; link: MentorLinkView };

function LinkList({ title, kind, links, error, onRemove, linksProfiles }: { title: string; kind: 'mentor' | 'mentee'; links: MentorLinkView[] | undefined; error: unknown; onRemove?: (link: MentorLinkView) => void; linksProfiles: boolean }) {
  if (error) return <Alert tone="danger">{(error as Error).message}</Alert>;
  if (!links) return <Skeleton message={`Loading ${title.toLowerCase()}...`} lines={2} />;
  return (
    <>
      <h3 className="profile-subhead">{title}</h3>
      {links.length === 0 && <p className="admin-muted">No {title.toLowerCase()}.</p>}
      <ul className="profile-list" aria-label={title}>
        {links.map((link) => (
          <li key={link.user.id}>
            {linksProfiles ? <Link href={`/users/${link.user.id}`}>{nameOf(link)}</Link> : <span>{nameOf(link)}</span>}
            {onRemove && <RemoveButton verb="Unassign" kind={kind} name={nameOf(link)} removes={`${kind}:${link.user.id}`} onPress={() => onRemove(link)} />}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Mentors and mentees (SPEC.md sections 2 and 6): Add Mentor (options: Mentors the viewer can
 * see, limit 15; a viewing Mentor may add themself), Add Mentees for a user holding Mentor,
 * and unassigning with SPEC's warning. The server decides every rule; the buttons follow the
 * viewer's abilities.
 */
export function MentorsCard({ user }: { user: UserView }) {
  const ability = useAbility();
  const mentors = useApi(routes.user.mentors, { params: { userId: user.id } });
  const mentees = useApi(routes.user.mentees, { params: { userId: user.id } });
  const save = useSave(() => Promise.all([mentors.mutate(), mentees.mutate()]));
  const addingMentor = useDialogTarget<true>();
  const addingMentee = useDialogTarget<true>();
  const removing = useDialogTarget<Removal>();
  const mayAssign = ability.can('create', 'MentorAssignment');
  const mayUnassign = ability.can('delete', 'MentorAssignment');
  const isMentor = hasSystemRole(user.roles, 'Mentor');
  // A participant reading their own profile cannot open their mentor's: names, not links that end on 'User not found.'.
  const linksProfiles = readsOtherUsers(ability);
  // Update on this user where they are (their locations' chains), not on users in general: a conference
  // admin of another conference is not offered what the server would refuse.
  const mayUpdateUser = useEntityCheck('update', 'User', user.id) === true;
  const focus = useRemovalFocus();
  const unassign = (removal: Removal) => {
    focus.remember(`${removal.side}:${removal.link.user.id}`);
    removing.open(removal);
  };

  return (
    <section ref={focus.cardRef} className="profile-card" aria-labelledby="profile-mentors">
      <div className="profile-card-head">
        <h2 id="profile-mentors" ref={focus.headingRef} tabIndex={-1}>
          Mentors and Mentees
        </h2>
        <div className="profile-card-actions">
          {mayAssign && (
            <Button variant="secondary" onPress={() => addingMentor.open(true)}>
              Add Mentor
            </Button>
          )}
          {mayAssign && mayUpdateUser && isMentor && (
            <Button variant="secondary" onPress={() => addingMentee.open(true)}>
              Add Mentees
            </Button>
          )}
        </div>
      </div>
      <LinkList title="Mentors" kind="mentor" links={mentors.data} error={mentors.error} linksProfiles={linksProfiles} onRemove={mayUnassign ? (link) => unassign({ side: 'mentor', link }) : undefined} />
      {(isMentor || (mentees.data?.length ?? 0) > 0) && (
        <LinkList title="Mentees" kind="mentee" links={mentees.data} error={mentees.error} linksProfiles={linksProfiles} onRemove={mayUnassign ? (link) => unassign({ side: 'mentee', link }) : undefined} />
      )}
      <PickerDialog
        key={`mentor-${addingMentor.openCount}`}
        isOpen={addingMentor.isOpen}
        title="Add Mentor"
        intro={`Choose a mentor for ${user.firstName} ${user.lastName}.`}
        label="Mentor"
        requiredMessage={NO_USER_SELECTED}
        dialogMessage={MENTOR_REQUIRED}
        loadOptions={async (text) => (await call(routes.user.mentorOptions, { body: { userId: user.id, mentorSearch: text } })).map(option)}
        confirmLabel="Add Mentor"
        isPending={save.isPending}
        onClose={addingMentor.close}
        onConfirm={async (choice) => {
          if (await save.run(() => call(routes.user.assignMentor, { params: { userId: user.id }, body: { mentorId: choice.id } }), `${choice.label} is now a mentor.`)) addingMentor.close();
        }}
      />
      <PickerDialog
        key={`mentee-${addingMentee.openCount}`}
        isOpen={addingMentee.isOpen}
        title="Add Mentees"
        intro={`Choose a mentee for ${user.firstName} ${user.lastName}.`}
        label="Mentee"
        requiredMessage={NO_USER_SELECTED}
        loadOptions={async (text) => {
          const exclude = [user.id, ...(mentees.data ?? []).map((link) => link.user.id)].join(',');
          return (await call(routes.user.peopleSearch, { query: { text, purpose: 'user', exclude } })).map(option);
        }}
        confirmLabel="Add Mentee"
        isPending={save.isPending}
        onClose={addingMentee.close}
        onConfirm={async (choice) => {
          if (await save.run(() => call(routes.user.assignMentor, { params: { userId: choice.id }, body: { mentorId: user.id } }), `${choice.label} is now a mentee.`)) addingMentee.close();
        }}
      />
      <ConfirmRemoval
        dialog={removing}
        title={removing.target?.side === 'mentee' ? 'Unassign Mentee' : 'Unassign Mentor'}
        message={({ link }) => (
          <>
            <strong>{UNASSIGN_WARNING}</strong> {`${nameOf(link)} will no longer be linked to ${user.firstName} ${user.lastName}.`}
          </>
        )}
        save={save}
        remove={({ side, link }) =>
          side === 'mentor'
            ? call(routes.user.unassignMentors, { params: { userId: user.id }, body: { mentorIds: [link.user.id] } })
            : call(routes.user.unassignMentees, { params: { userId: user.id }, body: { menteeIds: [link.user.id] } })
        }
        removed={({ link }) => `${nameOf(link)} was unassigned.`}
        confirmLabel="Unassign"
        onClosed={focus.restore}
      />
    </section>
  );
}
