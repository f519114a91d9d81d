import { TRACK_ROWS } from './authorization-matrix.track-expected';
import { FILE_ROWS } from './authorization-matrix.file-expected';
import { INSTANCE_ROWS } from './authorization-matrix.instance-expected';
import { PEOPLE_ROWS } from './authorization-matrix.people-expected';
import { EXPORT_ROWS } from './authorization-matrix.export-expected';
import { TABLE_EXPORT_ROWS } from './authorization-matrix.table-export-expected';
import { VERIFY_ROWS } from './authorization-matrix.verify-expected';
import { STEP_WORK_ROWS } from './authorization-matrix.step-work-expected';
import { PARTICIPANT_ROWS } from './authorization-matrix.participants-expected';
import { LABEL_ROWS } from './authorization-matrix.labels-expected';
import { USER_GENERIC_ROWS } from './authorization-matrix.user-generic-expected';
import { GROUP_ROWS } from './authorization-matrix.group-expected';
import { ANNOUNCEMENT_ROWS } from './authorization-matrix.announcement-expected';
import { AUDIT_ROWS } from './authorization-matrix.audit-expected';
import { TRANSFER_ROWS } from './authorization-matrix.transfer-expected';
import { RETENTION_ROWS } from './authorization-matrix.retention-expected';
import { DASHBOARD_ROWS } from './authorization-matrix.dashboard-expected';
import { PACKET_ROWS } from './authorization-matrix.packet-expected';
import { IMPORT_ROWS } from './authorization-matrix.import-expected';
import { ERASURE_ROWS } from './authorization-matrix.erasure-expected';

/**
 * The expected answer of every contract for every actor (ARCHITECTURE.md section 7).
 * Columns: `own` = the call aimed inside the actor's scope (another user, a location there:
 * never the actor themself); `other` = the call aimed outside it (another conference's,
 * a sibling district's, a denied district's); `anonymous` = no session. `other: null` marks
 * a route with no target (the caller's own data, or a list whose narrowing is checked on
 * the body): it is called once per actor. A number applies to every actor; an object names
 * roles whose answer differs (the extra actors of the fixtures answer as their base role
 * unless named). 'e2e' marks the sign-in redirects and the authenticator setup, which need a
 * live provider round trip and are covered by the sign-in integration tests and the Playwright suite. A contract with no row fails the matrix test.
 * `describesCaller` marks answers about the caller's own permissions, which may name their
 * own denied locations; every other answer is checked to name nothing outside the scope.
 */
export type Expected = number | 'e2e';
export type Cell = Expected | (Partial<Record<string, Expected>> & { default: Expected });
export interface MatrixRow {
  own: Cell;
  other: Cell | null;
  anonymous: Expected;
  describesCaller?: boolean;
}

type Role =
  | 'Superadmin' | 'Bishop' | 'ConferenceAdmin' | 'DistrictAdmin' | 'DistrictSuperintendent'
  | 'Advisor' | 'Mentor' | 'Interviewer' | 'Participant' | 'User';

/** `yes` for the named roles, `no` (403 unless given) for everyone else. */
function only(roles: readonly Role[], yes: Expected, no: Expected = 403): Cell {
  return { default: no, ...Object.fromEntries(roles.map((role) => [role, yes])) };
}

const S = ['Superadmin'] as const;
const READ_CONFERENCE = ['Superadmin', 'Bishop', 'ConferenceAdmin', 'DistrictAdmin'] as const;
const READ_DISTRICT = ['Superadmin', 'Bishop', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent'] as const;
const READ_ROLE = ['Superadmin', 'ConferenceAdmin', 'DistrictAdmin', 'User'] as const;
const WRITE_ROLE = ['Superadmin', 'ConferenceAdmin'] as const;
const ADMINS = ['Superadmin', 'ConferenceAdmin', 'DistrictAdmin'] as const;
const READ_USER = ['Superadmin', 'Bishop', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent', 'Advisor', 'Mentor', 'Interviewer'] as const;

/**
 * One location kind's generic set. Own = the actor's Blue Ridge chain (creates under its
 * parent there; list filters narrowed to it); other = the Prairie Rivers chain. `read`:
 * who reads the kind; `create`/`update`/`remove`: who may do it in their own chain
 * (scoped: a conference admin's chain does not contain a new conference beside theirs).
 */
function locationSet(service: string, who: { read: readonly Role[]; create: readonly Role[]; update: readonly Role[]; remove: readonly Role[]; listOther?: Cell | null }): Record<string, MatrixRow> {
  const readOther = only(S, 200);
  const row = (own: Cell, other: Cell | null): MatrixRow => ({ own, other, anonymous: 401 });
  return {
    [`${service}.create`]: row(only(who.create, 201), who.listOther === null ? null : only(S, 201)),
    [`${service}.bulk`]: row(only(who.create, 201), who.listOther === null ? null : only(S, 201)),
    [`${service}.list`]: row(only(who.read, 200), null),
    [`${service}.quickSearch`]: row(only(who.read, 200), who.listOther === undefined ? readOther : who.listOther),
    [`${service}.count`]: row(only(who.read, 200), who.listOther === undefined ? readOther : who.listOther),
    [`${service}.query`]: row(only(who.read, 200), who.listOther === undefined ? readOther : who.listOther),
    [`${service}.search`]: row(only(who.read, 200), who.listOther === undefined ? readOther : who.listOther),
    [`${service}.get`]: row(only(who.read, 200), readOther),
    [`${service}.update`]: row(only(who.update, 200), only(S, 200)),
    [`${service}.updateById`]: row(only(who.update, 200), only(S, 200)),
    [`${service}.remove`]: row(only(who.remove, 200), only(S, 200)),
    [`${service}.removeById`]: row(only(who.remove, 200), only(S, 200)),
  };
}

export const EXPECTED_MATRIX: Record<string, MatrixRow> = {
  'app.health': { own: 200, other: null, anonymous: 200 },
  'app.settings': { own: 200, other: null, anonymous: 200 },
  'app.openapi': { own: 200, other: null, anonymous: 200 },
  'security.loginSpa': { own: 'e2e', other: 'e2e', anonymous: 'e2e' },
  'security.login': { own: 'e2e', other: 'e2e', anonymous: 'e2e' },
  'security.authenticate': { own: 'e2e', other: 'e2e', anonymous: 'e2e' },
  'security.logout': { own: 200, other: null, anonymous: 200 },
  'security.logoutEverywhere': { own: 200, other: null, anonymous: 401 },
  'security.secondFactor': { own: 200, other: null, anonymous: 401, describesCaller: true },
  // Act on the caller's own provider account with the sign-in's kept token: test/functions/http/second-factor.test.ts and the Playwright suite.
  'security.beginAuthenticatorSetup': { own: 'e2e', other: 'e2e', anonymous: 'e2e' },
  'security.verifyAuthenticatorSetup': { own: 'e2e', other: 'e2e', anonymous: 'e2e' },
  'user.current': { own: 200, other: null, anonymous: 401 },
  'user.abilities': { own: 200, other: null, anonymous: 401, describesCaller: true },
  'notification.userNotifications': { own: 200, other: null, anonymous: 401 },
  'notification.unreadCount': { own: 200, other: null, anonymous: 401 },
  // Another user's notification is not found under the caller's key: its existence stays private.
  'notification.setRead': { own: 200, other: 404, anonymous: 401 },
  'notification.bulkSetRead': { own: 200, other: 403, anonymous: 401 },
  'announcement.announcements': { own: 200, other: null, anonymous: 401 },
  // A job is its owner's (and a superadmin's): own is the actor's, another's is 404, as if it did not exist.
  'job.get': { own: 200, other: only(S, 200, 404), anonymous: 401 },

  // Jurisdictions have no parent to narrow by or create under: their list and create calls are target-less.
  ...locationSet('jurisdiction', { read: S, create: S, update: S, remove: S, listOther: null }),
  ...locationSet('episcopal-area', { read: ['Superadmin', 'Bishop'], create: S, update: S, remove: S }),
  ...locationSet('conference', { read: READ_CONFERENCE, create: S, update: ['Superadmin', 'ConferenceAdmin'], remove: S }),
  ...locationSet('district', { read: READ_DISTRICT, create: ['Superadmin', 'ConferenceAdmin'], update: ADMINS, remove: ['Superadmin', 'ConferenceAdmin'] }),
  ...locationSet('church', { read: READ_DISTRICT, create: ADMINS, update: ADMINS, remove: ADMINS }),
  'church.filter': { own: only(READ_DISTRICT, 200), other: only(S, 200), anonymous: 401 },
  'conference.findMany': { own: only(READ_CONFERENCE, 200), other: null, anonymous: 401 },
  // Conferences outside the caller's scope are left out of the answer, not refused (the body is checked).
  'conference.byIds': { own: only(READ_CONFERENCE, 200), other: only(READ_CONFERENCE, 200), anonymous: 401 },
  'conference.active': { own: 200, other: null, anonymous: 401 },
  'district.byIds': { own: only(READ_DISTRICT, 200), other: only(READ_DISTRICT, 200), anonymous: 401 },

  'role.create': { own: only(WRITE_ROLE, 201), other: null, anonymous: 401 },
  'role.bulk': { own: only(WRITE_ROLE, 201), other: null, anonymous: 401 },
  'role.list': { own: only(READ_ROLE, 200), other: null, anonymous: 401 },
  'role.quickSearch': { own: only(READ_ROLE, 200), other: null, anonymous: 401 },
  'role.count': { own: only(READ_ROLE, 200), other: null, anonymous: 401 },
  'role.query': { own: only(READ_ROLE, 200), other: null, anonymous: 401 },
  'role.search': { own: only(READ_ROLE, 200), other: null, anonymous: 401 },
  'role.get': { own: only(READ_ROLE, 200), other: null, anonymous: 401 },
  // Own: a custom role; other: a system role, which cannot be edited or deleted (422).
  'role.update': { own: only(WRITE_ROLE, 200), other: only(WRITE_ROLE, 422), anonymous: 401 },
  // A policy edit of the custom role the target holds: only where its holder is in the caller's power.
  'role.updateById': { own: only(WRITE_ROLE, 200), other: only(S, 200), anonymous: 401 },
  'role.remove': { own: only(WRITE_ROLE, 204), other: only(WRITE_ROLE, 422), anonymous: 401 },
  'role.removeById': { own: only(WRITE_ROLE, 204), other: only(WRITE_ROLE, 422), anonymous: 401 },
  'role.system': { own: 200, other: null, anonymous: 401 },
  'role.role': { own: 200, other: null, anonymous: 401 },
  'role.roles': { own: 200, other: null, anonymous: 401 },
  // A user's hierarchy is scoped like the user: one the caller may not see is a 404, as a missing one.
  'role.hierarchy': { own: only(READ_USER, 200, 404), other: only(S, 200, 404), anonymous: 401 },
  'role.assignable': { own: only(ADMINS, 200), other: only(S, 200), anonymous: 401 },
  // Assign Role to Users' options: answered only for users the caller may change (as role.assign).
  'role.assignableToUsers': { own: only(ADMINS, 200), other: only(S, 200), anonymous: 401 },
  'role.assign': { own: only(ADMINS, 200), other: only(S, 200), anonymous: 401 },
  'role.unassign': { own: only(ADMINS, 200), other: only(S, 200), anonymous: 401 },

  'user.addLocation': { own: only(ADMINS, 201), other: only(S, 201), anonymous: 401 },
  'user.addLocations': { own: only(ADMINS, 201), other: only(S, 201), anonymous: 401 },
  'user.removeLocation': { own: only(ADMINS, 200), other: only(S, 200), anonymous: 401 },
  'user.setPrimaryLocation': { own: only(ADMINS, 200), other: only(S, 200), anonymous: 401 },
  'user.locationsDetails': { own: only(READ_USER, 200, 404), other: only(S, 200, 404), anonymous: 401 },
  'user.visibleLocations': { own: only(READ_USER, 200, 404), other: only(S, 200, 404), anonymous: 401 },
  'user.permissionHierarchy': { own: 200, other: null, anonymous: 401, describesCaller: true },
  // The answer is narrowed to the users and locations the caller may see (the body is checked).
  'user.usersPermissions': { own: 200, other: 200, anonymous: 401 },
  'user.userPermissions': { own: 200, other: null, anonymous: 401, describesCaller: true },
  'user.userConferences': { own: 200, other: null, anonymous: 401 },
  'user.advisors': { own: only(READ_USER, 200), other: null, anonymous: 401 },
  'user.getUser': { own: only(READ_USER, 200, 404), other: only(S, 200, 404), anonymous: 401 },
  'user.quickSearch': { own: only(READ_USER, 200), other: only(S, 200), anonymous: 401 },

  ...TRACK_ROWS,
  ...FILE_ROWS,
  ...INSTANCE_ROWS,
  ...PEOPLE_ROWS,
  ...EXPORT_ROWS,
  ...TABLE_EXPORT_ROWS,
  ...USER_GENERIC_ROWS,
  ...VERIFY_ROWS,
  ...STEP_WORK_ROWS,
  ...PARTICIPANT_ROWS,
  ...LABEL_ROWS,
  ...GROUP_ROWS,
  ...ANNOUNCEMENT_ROWS,
  ...AUDIT_ROWS,
  ...RETENTION_ROWS,
  ...TRANSFER_ROWS,
  ...DASHBOARD_ROWS,
  ...PACKET_ROWS,
  ...IMPORT_ROWS,
  ...ERASURE_ROWS,

  // Forms are global (FormTemplate is unscoped): the form admins read and save any form.
  'form.create': { own: only(ADMINS, 201), other: null, anonymous: 401 },
  'form.quickSearch': { own: only(ADMINS, 200), other: null, anonymous: 401 },
  'form.query': { own: only(ADMINS, 200), other: null, anonymous: 401 },
  'form.get': { own: only(ADMINS, 200), other: null, anonymous: 401 },
  'form.list': { own: only(ADMINS, 200), other: null, anonymous: 401 },
  'form.count': { own: only(ADMINS, 200), other: null, anonymous: 401 },
  'form.search': { own: only(ADMINS, 200), other: null, anonymous: 401 },
  'form.currentForm': { own: only(ADMINS, 200), other: null, anonymous: 401 },
  'form.currentForms': { own: only(ADMINS, 200), other: null, anonymous: 401 },
  'form.versions': { own: only(ADMINS, 200), other: null, anonymous: 401 },
  'form.formVersion': { own: only(ADMINS, 200), other: null, anonymous: 401 },
  // The demo participant's answers: read by those who can see them (others 404, so existence stays private).
  'form.formInstance': { own: only([...READ_USER, 'Participant'], 200, 404), other: null, anonymous: 401 },
  'form.tinymceApiKey': { own: 200, other: null, anonymous: 401 },
  'form.formInstances': { own: 200, other: null, anonymous: 401 },
  // Only the participant saves their answers (their empty answers then fail the version's rules: 400).
  'form.saveFormInstance': { own: { default: 404, Participant: 400 }, other: null, anonymous: 401 },
  // The profile's Forms tab, like Documents and User Assignments: for those who may update User where the user is.
  'form.userForms': { own: { default: 404, Bishop: 403, DistrictSuperintendent: 403, Advisor: 403, Mentor: 403, Interviewer: 403, Superadmin: 200, ConferenceAdmin: 200, DistrictAdmin: 200 }, other: only(S, 200, 404), anonymous: 401 },
  'form.unsubmit': { own: { default: 403, Superadmin: 200, ConferenceAdmin: 200, DistrictAdmin: 200 }, other: null, anonymous: 401 },
  // Other: a system form, which only a superadmin may edit (422 where the ability allows trying).
  'form.updateById': { own: only(ADMINS, 200), other: { default: 403, Superadmin: 200, ConferenceAdmin: 422, DistrictAdmin: 422 }, anonymous: 401 },
  'form.update': { own: only(ADMINS, 200), other: { default: 403, Superadmin: 200, ConferenceAdmin: 422, DistrictAdmin: 422 }, anonymous: 401 },
  'form.bulk': { own: only(ADMINS, 201), other: null, anonymous: 401 },
  'form.formTemplate': { own: only(ADMINS, 200), other: null, anonymous: 401 },
  'form.formTemplates': { own: only(ADMINS, 200), other: null, anonymous: 401 },
  'form.remove': { own: only(ADMINS, 204), other: { default: 403, Superadmin: 204, ConferenceAdmin: 422, DistrictAdmin: 422 }, anonymous: 401 },
  'form.removeById': { own: only(ADMINS, 204), other: { default: 403, Superadmin: 204, ConferenceAdmin: 422, DistrictAdmin: 422 }, anonymous: 401 },
  'admin.signUpUser': { own: only(ADMINS, 201), other: only(S, 201), anonymous: 401 },
  // Everyone may update their own profile, so the route lets all through: a user out of sight is then not found.
  // Update User nowhere: refused before the body (403); an administrator is told the users outside their scope do not exist.
  'admin.reinviteUser': { own: only(ADMINS, 200), other: { default: 403, Superadmin: 200, ConferenceAdmin: 404, DistrictAdmin: 404 }, anonymous: 401 },
  // A user out of sight is not found for those who may deactivate users elsewhere.
  'admin.deactivateUser': { own: only(ADMINS, 200), other: { default: 403, Superadmin: 200, ConferenceAdmin: 404, DistrictAdmin: 404 }, anonymous: 401 },
  'admin.trackAdmin': { own: 200, other: null, anonymous: 401, describesCaller: true },
  'admin.reactivateUser': { own: only(ADMINS, 200), other: { default: 403, Superadmin: 200, ConferenceAdmin: 404, DistrictAdmin: 404 }, anonymous: 401 },
};
