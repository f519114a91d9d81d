/**
 * The audit trail in words (issue 25): what an entry's action, kind and fields read as on the
 * History and the organisation page. Actions the server adds later read from their id
 * ('track.phase.added': 'Track phase added'), so a new action never breaks the page.
 */
export const ACTION_WORDS: Record<string, string> = {
  'user.profile.updated': 'Profile details changed',
  'user.email.confirmed': 'Email address confirmed',
  'user.avatar.changed': 'Avatar changed',
  'user.deactivated': 'Account deactivated',
  'user.reactivated': 'Account reactivated',
  'user.role.assigned': 'Role assigned',
  'user.role.removed': 'Role removed',
  'user.location.added': 'Location added',
  'user.location.removed': 'Location removed',
  'user.location.primary': 'Primary location changed',
  'user.membership.added': 'Church membership added',
  'user.membership.removed': 'Church membership removed',
  'user.membership.home': 'Home church changed',
  'user.tag.added': 'Tag added',
  'user.tag.removed': 'Tag removed',
  'user.alias.added': 'Alias added',
  'user.alias.removed': 'Alias removed',
  'user.comment.added': 'Comment added',
  'user.comment.removed': 'Comment removed',
  'user.mentor.assigned': 'Mentor assigned',
  'user.mentor.unassigned': 'Mentor unassigned',
  'user.merged.into': 'Merged into another person',
  'user.merged.from': 'Another person merged in',
  'user.merge.undone': 'Merge undone',
  'location.created': 'Location created',
  'location.updated': 'Location details changed',
  'location.moved': 'Location moved',
  'location.deactivated': 'Location deactivated',
  'location.reactivated': 'Location reactivated',
  'location.notification.published': 'Message published',
  'role.created': 'Role created',
  'role.updated': 'Role details changed',
  'role.policies.updated': 'Role policies changed',
  'role.deleted': 'Role deleted',
  'announcement.created': 'Announcement created',
  'announcement.updated': 'Announcement changed',
  'announcement.deleted': 'Announcement deleted',
  'user.created': 'Person added',
  'user.erased': 'Personal data erased',
  'enrolment.created': 'Enrolled in the track',
  'enrolment.removed': 'Enrolment removed',
  'enrolment.status.changed': 'Enrolment status changed',
  'enrolment.assignee.added': 'Assigned to the enrolment',
  'enrolment.assignee.removed': 'Removed from the enrolment',
  'enrolment.assignees.changed': 'Assignments changed',
  'enrolment.step.status.set': 'Step status set',
  'enrolment.task.completed': 'Task completed',
  'enrolment.task.uncompleted': 'Task marked not done',
  'enrolment.upload.submitted': 'Upload submitted',
  'enrolment.upload.unsubmitted': 'Upload reopened',
  'enrolment.form.saved': 'Form answers saved',
  'enrolment.form.submitted': 'Form submitted',
  'enrolment.form.unsubmitted': 'Form reopened',
  'enrolment.file.added': 'File added',
  'enrolment.file.removed': 'File removed',
  'enrolment.action.approved': 'Approved',
  'enrolment.action.signed': 'Signed',
  'enrolment.action.denied': 'Denied',
  'enrolment.vote.opened': 'Committee vote opened',
  'enrolment.vote.cast': 'Voted',
  'enrolment.vote.changed': 'Vote changed',
  'enrolment.vote.recused': 'Recused from the vote',
  'enrolment.vote.closed': 'Committee vote closed',
  'enrolment.interview.proposed': 'Interview times proposed',
  'enrolment.interview.confirmed': 'Interview confirmed',
  'enrolment.interview.moved': 'Interview moved',
  'enrolment.interview.cancelled': 'Interview cancelled',
  'enrolment.private.changed': 'Private content changed',
  'track.created': 'Track created',
  'track.copied': 'Track copied from another',
  'track.imported': 'Track imported',
  'track.updated': 'Track details changed',
  'track.deactivated': 'Track deactivated',
  'track.reactivated': 'Track reactivated',
  'track.deleted': 'Track deleted',
  'phase.added': 'Phase added',
  'phase.updated': 'Phase changed',
  'phase.moved': 'Phases reordered',
  'phase.deleted': 'Phase deleted',
  'phase.imported': 'Phase imported',
  'step.created': 'Step added',
  'step.updated': 'Step changed',
  'step.imported': 'Step imported',
  'step.prerequisites.updated': 'Step prerequisites changed',
  'form.created': 'Form created',
  'form.published': 'New form version published',
  'form.updated': 'Form settings changed',
  'form.deleted': 'Form deleted',
  'group.created': 'Interview group created',
  'group.updated': 'Interview group changed',
  'group.members.updated': 'Interview group members changed',
  'group.deleted': 'Interview group deleted',
  'retention.policy.updated': 'Retention periods changed',
  'retention.hold.placed': 'Legal hold placed',
  'retention.hold.lifted': 'Legal hold lifted',
  'retention.purged': 'Purged by the retention schedule',
  'user.transfer.requested': 'Transfer to another conference requested',
  'user.transfer.approved': 'Transfer approved',
  'user.transfer.refused': 'Transfer refused',
  'user.transfer.cancelled': 'Transfer request withdrawn',
  'user.transfer.completed': 'Transferred to another conference',
  'enrolment.transferred.out': 'Transferred to another conference',
  'enrolment.transferred.in': 'Transferred from another conference',
  'track.transferred': 'Track copied for a transfer',
};

const KINDS: Record<string, string> = { memberships: 'Church memberships', move: 'Moves', merge: 'Merges', transfer: 'Transfers' };

/** 'dateOfBirth' reads 'date Of Birth'; 'primary_district' and 'home-church' read with spaces. */
const spaced = (text: string) => text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[._-]+/g, ' ').trim();
const sentenceCase = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1).toLowerCase() : text);

/** What was done: 'Role assigned'. */
export function actionText(action: string): string {
  return ACTION_WORDS[action] ?? sentenceCase(spaced(action));
}

/** A History filter's kind: 'roles' reads 'Roles'. */
export function kindText(kind: string): string {
  return KINDS[kind] ?? sentenceCase(spaced(kind));
}

/** A changed field: 'dateOfBirth' reads 'Date of birth'; a field already in words ('comment 01J…', 'primary District') keeps them. */
export function fieldText(field: string): string {
  if (/^[a-z][a-zA-Z]*$/.test(field)) return sentenceCase(spaced(field));
  return field.charAt(0).toUpperCase() + field.slice(1);
}

/** What kind of record an entry is about, on the organisation page. */
export const RECORD_WORDS: Record<string, string> = {
  User: 'Person',
  Location: 'Location',
  Role: 'Role',
  Announcement: 'Announcement',
  TrackTemplate: 'Track',
  FormTemplate: 'Form',
  TrackInstance: 'Enrolment',
  UserGroup: 'Interview group',
};
