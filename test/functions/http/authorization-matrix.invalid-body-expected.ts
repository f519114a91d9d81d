/**
 * Authorization before validation (docs/security.md, "Request handling"): a caller a route refuses
 * gets that refusal (403, or 404 where the object's existence is private) whatever the body holds,
 * never the body's field errors. The matrix test sends every refused call of a route with a body
 * again with a body no schema accepts and expects the same refusal.
 *
 * The exceptions: routes whose refusal of some callers can only be decided after the body, because
 * the body names what the call acts on or where (`PATCH user` with the user's id in the body, a
 * create naming its parent), or because the path's object is checked on the items the write itself
 * loads (checking it first would read it twice: ARCHITECTURE.md section 12). A caller who may call
 * the route for some other object or place may learn its schema; a caller who may never call it
 * may not. Each entry names who gets the 400: `scoped` = the actors the matrix allows in one column
 * (own or other) and refuses in the other, whose answer depends on what the call names; `also` =
 * further actors (by name or base role) whose right depends on the body (themselves named in it).
 */
export interface DecidedAfterBody {
  reason: string;
  scoped?: true;
  also?: readonly string[];
}

const NAMED = 'The body names what the call acts on or where (ids, a parent, a list filter): who may act there is decided on it.';
const LOADED = 'The path names the object, checked on the items the call itself loads: checking it before the body would read them twice.';
/** Anyone may be the participant or an assignee of some step (the responsible person is decided on the loaded step). */
const ANY_PARTY = ['Advisor', 'Bishop', 'Interviewer', 'Mentor', 'Participant', 'User'];
/** Everyone but the actor whose own form or upload the matrix's call names. */
const NOT_THE_OWNER = ['Superadmin', 'Bishop', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent', 'Advisor', 'Mentor', 'Interviewer', 'User'];

export const DECIDED_AFTER_BODY: Record<string, DecidedAfterBody> = {
  // People: the user, the location or the role is in the body.
  'user.addLocation': { reason: NAMED, scoped: true },
  'user.addLocations': { reason: NAMED, scoped: true },
  'user.setPrimaryLocation': { reason: NAMED, scoped: true },
  'user.create': { reason: NAMED, scoped: true },
  'user.bulk': { reason: NAMED, scoped: true },
  // Their own details are everyone's to save: the id is in the body.
  'user.update': { reason: NAMED, scoped: true, also: ['Advisor', 'Bishop', 'DistrictSuperintendent', 'Interviewer', 'Mentor', 'Participant', 'User'] },
  'user.remove': { reason: NAMED, scoped: true },
  'user.updateById': { reason: LOADED, scoped: true },
  'user.setAvatar': { reason: LOADED, scoped: true },
  'user.addTag': { reason: LOADED, scoped: true },
  'user.addComments': { reason: LOADED, scoped: true },
  'user.removeComments': { reason: NAMED, scoped: true },
  // Their own mentor options are a participant's to read: the mentee is in the body.
  'user.mentorOptions': { reason: NAMED, scoped: true, also: ['Participant'] },
  // A mentor links themself (canSelfAssignAsMentor): the mentor is in the body.
  'user.assignMentor': { reason: LOADED, scoped: true, also: ['Mentor'] },
  'user.unassignMentors': { reason: LOADED, scoped: true },
  'user.unassignMentees': { reason: LOADED, scoped: true },
  'user.removeMentees': { reason: NAMED, scoped: true },
  // The users table's aliases: its filter (a conference or district) is in the body; those who read no users are refused before it.
  'user.query': { reason: NAMED, scoped: true },
  'user.search': { reason: NAMED, scoped: true },
  'user.getUsersByCurrentUser': { reason: NAMED, scoped: true },
  'user.getUsersByCurrentUserExport': { reason: NAMED, scoped: true },
  'admin.signUpUser': { reason: NAMED, scoped: true },
  'admin.reinviteUser': { reason: NAMED, scoped: true },
  'admin.deactivateUser': { reason: NAMED, scoped: true },
  'admin.reactivateUser': { reason: NAMED, scoped: true },
  'notification.publish': { reason: NAMED, scoped: true },
  'announcement.create': { reason: NAMED, scoped: true },
  'announcement.updateById': { reason: LOADED, scoped: true },
  // Roles: the users and the role are in the body.
  'role.assign': { reason: NAMED, scoped: true },
  'role.unassign': { reason: NAMED, scoped: true },
  'role.assignableToUsers': { reason: NAMED, scoped: true, also: ['User'] },
  'role.updateById': { reason: LOADED, scoped: true },
  // Locations: the parent, the location or the filter is in the body.
  'episcopal-area.query': { reason: NAMED, scoped: true },
  'episcopal-area.search': { reason: NAMED, scoped: true },
  'conference.update': { reason: NAMED, scoped: true },
  'conference.updateById': { reason: LOADED, scoped: true },
  // A conference admin may deactivate their own conference (delete Conference where they govern): the id is in the body.
  'conference.remove': { reason: NAMED, also: ['ConferenceAdmin'] },
  'conference.query': { reason: NAMED, scoped: true },
  'conference.search': { reason: NAMED, scoped: true },
  'district.create': { reason: NAMED, scoped: true },
  'district.update': { reason: NAMED, scoped: true },
  'district.updateById': { reason: LOADED, scoped: true },
  'district.remove': { reason: NAMED, scoped: true },
  'district.bulk': { reason: NAMED, scoped: true },
  'district.query': { reason: NAMED, scoped: true },
  'district.search': { reason: NAMED, scoped: true },
  'church.create': { reason: NAMED, scoped: true },
  'church.update': { reason: NAMED, scoped: true },
  'church.updateById': { reason: LOADED, scoped: true },
  'church.remove': { reason: NAMED, scoped: true },
  'church.bulk': { reason: NAMED, scoped: true },
  'church.query': { reason: NAMED, scoped: true },
  'church.search': { reason: NAMED, scoped: true },
  'church.addMemberships': { reason: NAMED, scoped: true },
  // Track designs: the track, phase or step is in the body or the path (canAt refuses those whose power lies below conferences).
  'track.create': { reason: NAMED, scoped: true },
  'track.createGeneric': { reason: NAMED, scoped: true },
  'track.bulk': { reason: NAMED, scoped: true },
  'track.update': { reason: LOADED, scoped: true },
  'track.updateById': { reason: LOADED, scoped: true },
  'track.updateGeneric': { reason: NAMED, scoped: true },
  'track.removeGeneric': { reason: NAMED, scoped: true },
  'track.copy': { reason: LOADED, scoped: true },
  'track.importTemplate': { reason: LOADED, scoped: true },
  'track.query': { reason: NAMED, scoped: true },
  'track.search': { reason: NAMED, scoped: true },
  'phase.create': { reason: NAMED, scoped: true },
  'phase.createGeneric': { reason: NAMED, scoped: true },
  'phase.bulk': { reason: NAMED, scoped: true },
  'phase.update': { reason: NAMED, scoped: true },
  'phase.updateById': { reason: LOADED, scoped: true },
  'phase.updateGeneric': { reason: NAMED, scoped: true },
  'phase.updateOrder': { reason: NAMED, scoped: true },
  'phase.removeGeneric': { reason: NAMED, scoped: true },
  'phase.query': { reason: NAMED, scoped: true },
  'phase.search': { reason: NAMED, scoped: true },
  'step.createStepTemplate': { reason: NAMED, scoped: true },
  'step.createFromImport': { reason: NAMED, scoped: true },
  'step.create': { reason: NAMED, scoped: true },
  'step.bulk': { reason: NAMED, scoped: true },
  'step.updateStepTemplate': { reason: NAMED, scoped: true },
  'step.updateById': { reason: LOADED, scoped: true },
  'step.update': { reason: NAMED, scoped: true },
  'step.updatePrerequisites': { reason: LOADED, scoped: true },
  'step.query': { reason: NAMED, scoped: true },
  'step.search': { reason: NAMED, scoped: true },
  // Enrolments and their assignments: the enrolment, track or assignees are in the body or the path.
  'track.createInstance': { reason: NAMED, scoped: true },
  // An advisor or interviewer updates the enrolments they are assigned to: the enrolment is in the body.
  'track.updateInstance': { reason: NAMED, scoped: true, also: ['Advisor', 'Interviewer'] },
  'track.removeInstance': { reason: NAMED, scoped: true },
  'track.instances': { reason: LOADED, scoped: true },
  'track.instancesExport': { reason: LOADED, scoped: true },
  'track.instancesBulk': { reason: LOADED, scoped: true },
  'track.assign': { reason: NAMED, scoped: true },
  'track.reassign': { reason: NAMED, scoped: true },
  'track.unassign': { reason: LOADED, scoped: true },
  'track.removeAdvisorFromInstances': { reason: NAMED, scoped: true },
  // Step work: whoever is responsible is decided on the loaded step; only the status is refused before the body to those who set
  // no status anywhere (neither an advisor nor a track-override role), and an advisor is refused on a step they do not advise.
  'step.changeContent': { reason: LOADED, scoped: true, also: ANY_PARTY },
  'step.decideAction': { reason: LOADED, scoped: true, also: ANY_PARTY },
  'step.setStatus': { reason: LOADED, scoped: true, also: ['Advisor'] },
  // A committee vote: who chairs it or sits on it is decided on the loaded action and its group.
  'step.openVote': { reason: LOADED, scoped: true, also: ANY_PARTY },
  'step.closeVote': { reason: LOADED, scoped: true, also: ANY_PARTY },
  // Membership is read with the loaded action's group: every role is refused after the body (no role makes a member).
  'step.castVote': { reason: LOADED, scoped: true, also: [...ANY_PARTY, 'Superadmin', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent'] },
  'step.recuse': { reason: LOADED, scoped: true, also: [...ANY_PARTY, 'Superadmin', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent'] },
  // A panel interview: the chair and the panel are decided on the loaded action's group, the candidate on its enrolment.
  'step.proposeInterview': { reason: LOADED, scoped: true, also: ANY_PARTY },
  'step.confirmInterview': { reason: LOADED, scoped: true, also: ANY_PARTY },
  'step.cancelInterview': { reason: LOADED, scoped: true, also: ANY_PARTY },
  'step.markAvailability': { reason: LOADED, scoped: true, also: [...ANY_PARTY, 'Superadmin', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent'] },
  'form.saveFormInstance': { reason: LOADED, also: NOT_THE_OWNER },
  'file.requestUpload': { reason: NAMED, also: NOT_THE_OWNER },
  // Interview groups: the track or group is in the body or the path.
  'user-group.create': { reason: NAMED, scoped: true },
  'user-group.bulk': { reason: NAMED, scoped: true },
  'user-group.updateById': { reason: LOADED, scoped: true },
  'user-group.update': { reason: NAMED, scoped: true },
  'user-group.remove': { reason: NAMED, scoped: true },
  'user-group.query': { reason: NAMED, scoped: true },
  'user-group.search': { reason: NAMED, scoped: true },
};
