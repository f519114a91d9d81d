import { DEMO_INSTANCE_IDS } from '../../../functions/db/seed/demo-tracks';
import { LOCATION_KINDS, type LocationKind } from '../../../shared/auth/vocabulary';
import { putTestUser } from '../../support/test-users';
import { TRACK_CALLS } from './authorization-matrix.track-calls';
import { FILE_CALLS } from './authorization-matrix.file-calls';
import { INSTANCE_CALLS } from './authorization-matrix.instance-calls';
import { PEOPLE_CALLS } from './authorization-matrix.people-calls';
import { EXPORT_CALLS } from './authorization-matrix.export-calls';
import { TABLE_EXPORT_CALLS } from './authorization-matrix.table-export-calls';
import { VERIFY_CALLS } from './authorization-matrix.verify-calls';
import { STEP_WORK_CALLS } from './authorization-matrix.step-work-calls';
import { PARTICIPANT_CALLS } from './authorization-matrix.participants-calls';
import { LABEL_CALLS } from './authorization-matrix.labels-calls';
import { USER_GENERIC_CALLS } from './authorization-matrix.user-generic-calls';
import { GROUP_CALLS } from './authorization-matrix.group-calls';
import { ANNOUNCEMENT_CALLS } from './authorization-matrix.announcement-calls';
import { AUDIT_CALLS } from './authorization-matrix.audit-calls';
import { TRANSFER_CALLS } from './authorization-matrix.transfer-calls';
import { RETENTION_CALLS } from './authorization-matrix.retention-calls';
import { DASHBOARD_CALLS } from './authorization-matrix.dashboard-calls';
import { PACKET_CALLS } from './authorization-matrix.packet-calls';
import { IMPORT_CALLS } from './authorization-matrix.import-calls';
import { ERASURE_CALLS } from './authorization-matrix.erasure-calls';
import { MATRIX_ROLE_ID, grantPermission, heldRoleId, parentIn, roleVersion, throwawayLocation, throwawayForm, throwawayRole, versionOf, type Actor, type Target } from './authorization-matrix.fixtures';

/**
 * How to call each contract as an actor, aimed at the actor's own scope (`target` = another
 * user and locations inside it, never the actor themself) or at the other scope (outside
 * it). `tag` makes names unique per call. Mutating calls aim at throwaway items so they can
 * run repeatedly. Rows the expected table marks target-less (`other: null`) are called once.
 */
export interface MatrixCall {
  path: string;
  method?: string;
  query?: string;
  body?: unknown;
  /** The call ends the session it runs in (logout) or all of the actor's: give it a session of its own, then renew the actor's. */
  endsSession?: boolean;
}
const DEMO_FORM_ID = DEMO_INSTANCE_IDS.form;

type CallBuilder = (target: Target, tag: string, actor: Actor) => MatrixCall | Promise<MatrixCall>;

const SERVICE_OF: Record<LocationKind, string> = {
  Jurisdiction: 'jurisdiction',
  EpiscopalArea: 'episcopal-area',
  Conference: 'conference',
  District: 'district',
  Church: 'church',
};

function locationSetCalls(kind: LocationKind): Record<string, CallBuilder> {
  const service = SERVICE_OF[kind];
  const base = `/api/${service}`;
  const createBody = (t: Target, tag: string) => ({ name: `Matrix ${kind} ${tag}`, parentId: parentIn(t.chain, kind) });
  // Narrowing a list to a subtree outside the caller's scope is the list routes' "other".
  const parentFilter = (t: Target) => (kind === 'Jurisdiction' ? '' : `where[parentId]=${parentIn(t.chain, kind)}`);
  return {
    [`${service}.create`]: (t, tag) => ({ path: base, method: 'POST', body: createBody(t, tag) }),
    [`${service}.list`]: () => ({ path: base }),
    [`${service}.update`]: async (t) => ({ path: base, method: 'PATCH', body: { id: t.chain[kind], version: await versionOf(t.chain[kind]), active: true } }),
    [`${service}.remove`]: async (t, tag) => ({ path: base, method: 'DELETE', body: { id: await throwawayLocation(kind, t.chain, tag) } }),
    [`${service}.bulk`]: (t, tag) => ({ path: `${base}/bulk`, method: 'POST', body: [createBody(t, `${tag} bulk`)] }),
    [`${service}.quickSearch`]: (t) => ({ path: `${base}/quickSearch`, query: parentFilter(t) }),
    [`${service}.count`]: (t) => ({ path: `${base}/count`, query: parentFilter(t) }),
    [`${service}.query`]: (t) => ({ path: `${base}/query`, method: 'POST', body: kind === 'Jurisdiction' ? {} : { where: { parentId: parentIn(t.chain, kind) } } }),
    [`${service}.search`]: (t) => ({ path: `${base}/search`, method: 'POST', body: { where: { name: 'm', ...(kind === 'Jurisdiction' ? {} : { parentId: parentIn(t.chain, kind) }) } } }),
    [`${service}.get`]: (t) => ({ path: `${base}/${t.chain[kind]}` }),
    [`${service}.updateById`]: async (t) => ({ path: `${base}/${t.chain[kind]}`, method: 'PATCH', body: { version: await versionOf(t.chain[kind]), active: true } }),
    [`${service}.removeById`]: async (t, tag) => ({ path: `${base}/${await throwawayLocation(kind, t.chain, tag)}`, method: 'DELETE' }),
  };
}

const roleAssignment = (t: Target, method: string): MatrixCall => ({ path: '/api/role/roles', method, body: { userIds: [t.userId], roleId: MATRIX_ROLE_ID } });

export const CALLS: Record<string, CallBuilder> = {
  'app.health': () => ({ path: '/api/app/health' }),
  'app.settings': () => ({ path: '/api/app/settings' }),
  'app.openapi': () => ({ path: '/api/app/openapi.json' }),
  'security.logout': () => ({ path: '/api/security/logout', endsSession: true }),
  'security.logoutEverywhere': () => ({ path: '/api/security/logout-everywhere', endsSession: true }),
  'security.secondFactor': () => ({ path: '/api/security/mfa' }),
  'user.current': () => ({ path: '/api/user/user' }),
  'user.abilities': () => ({ path: '/api/user/abilities' }),
  'user.getUser': (t) => ({ path: `/api/user/get-user/${t.userId}` }),
  'notification.userNotifications': () => ({ path: '/api/notification/user-notifications' }),
  'notification.unreadCount': () => ({ path: '/api/notification/unread-count' }),
  // Notifications are only ever their owner's: own is the actor's, other is the other side's user's.
  'notification.setRead': (t, _tag, actor) => ({ path: `/api/notification/${t.side === 'own' ? actor.notificationId : t.notificationId}/isread/true`, method: 'PUT' }),
  'notification.bulkSetRead': (t, _tag, actor) => ({ path: `/api/notification/user/${t.side === 'own' ? actor.userId : t.userId}/bulk-isread/true`, method: 'PUT' }),
  'announcement.announcements': () => ({ path: '/api/announcement/announcements' }),

  'job.get': (t, _tag, actor) => ({ path: `/api/job/${t.side === 'own' ? actor.jobId : t.jobId}` }),

  ...Object.assign({}, ...LOCATION_KINDS.map(locationSetCalls)),
  'church.filter': (t) => ({ path: `/api/church/${t.chain.District}/filter` }),
  'conference.findMany': () => ({ path: '/api/conference/find-many', method: 'POST', body: {} }),
  'conference.byIds': (t) => ({ path: `/api/conference/conferences/${t.chain.Conference}` }),
  'conference.active': () => ({ path: '/api/conference/active-conferences' }),
  'district.byIds': (t) => ({ path: `/api/district/getDistrictsByIds/${t.chain.District}`, method: 'POST' }),

  'role.create': (_t, tag) => ({ path: '/api/role', method: 'POST', body: { name: `Matrix role ${tag}`, policies: [{ actions: ['read'], subjects: ['Church'] }] } }),
  'role.list': () => ({ path: '/api/role' }),
  // Own: the custom role; other: a system role, which nobody may change (422 where the ability allows trying).
  'role.update': async (t) => {
    const id = t.side === 'own' ? MATRIX_ROLE_ID : 'role-participant';
    return { path: '/api/role', method: 'PATCH', body: { id, version: await roleVersion(id), name: id === MATRIX_ROLE_ID ? 'Matrix Church Reader' : 'Participant' } };
  },
  'role.remove': async (t, tag) => ({ path: '/api/role', method: 'DELETE', body: { id: t.side === 'own' ? await throwawayRole(tag) : 'role-participant' } }),
  'role.bulk': (_t, tag) => ({ path: '/api/role/bulk', method: 'POST', body: [{ name: `Matrix bulk role ${tag}`, policies: [{ actions: ['read'], subjects: ['Church'] }] }] }),
  'role.quickSearch': () => ({ path: '/api/role/quickSearch', query: 'where[name]=ma' }),
  'role.count': () => ({ path: '/api/role/count' }),
  'role.query': () => ({ path: '/api/role/query', method: 'POST', body: {} }),
  'role.search': () => ({ path: '/api/role/search', method: 'POST', body: { where: { name: 'ma' } } }),
  'role.system': () => ({ path: '/api/role/system' }),
  'role.hierarchy': (t) => ({ path: `/api/role/hierarchy/User/${t.userId}` }),
  'role.assignable': (t) => ({ path: `/api/role/assignable-roles/${t.userId}` }),
  'role.assignableToUsers': (t) => ({ path: '/api/role/assignable-roles', method: 'POST', body: { userIds: [t.userId], name: 'a' } }),
  'role.role': () => ({ path: `/api/role/role/${MATRIX_ROLE_ID}` }),
  'role.roles': () => ({ path: `/api/role/roles/${MATRIX_ROLE_ID},role-advisor` }),
  'role.assign': (t) => roleAssignment(t, 'POST'),
  'role.unassign': (t) => roleAssignment(t, 'DELETE'),
  'role.get': () => ({ path: `/api/role/${MATRIX_ROLE_ID}` }),
  // A policy edit of the custom role the target user holds: checked against where its holder is.
  'role.updateById': async (t) => {
    const id = heldRoleId(t.userId);
    return { path: `/api/role/${id}`, method: 'PATCH', body: { version: await roleVersion(id), policies: [{ actions: ['read'], subjects: ['Church'] }] } };
  },
  'role.removeById': async (t, tag) => ({ path: `/api/role/${t.side === 'own' ? await throwawayRole(tag) : 'role-participant'}`, method: 'DELETE' }),

  'user.addLocation': (t) => ({ path: '/api/user/location', method: 'POST', body: { userId: t.userId, entity: 'Church', entityId: t.chain.Church } }),
  'user.addLocations': (t) => ({ path: '/api/user/locations', method: 'POST', body: { userIds: [t.userId], entity: 'Church', entityId: t.chain.Church } }),
  'user.removeLocation': async (t) => ({ path: `/api/user/location/${await grantPermission(t.userId, t.chain.Church)}`, method: 'DELETE' }),
  'user.setPrimaryLocation': (t) => ({ path: '/api/user/location', method: 'PATCH', body: { permissionId: t.permissionId, userId: t.userId } }),
  'user.locationsDetails': (t) => ({ path: `/api/user/${t.userId}/locations-details` }),
  'user.visibleLocations': (t) => ({ path: `/api/user/user-visible-locations/${t.userId}` }),
  'user.permissionHierarchy': () => ({ path: '/api/user/permission-hierarchy' }),
  'user.usersPermissions': (t) => ({ path: '/api/user/users-permissions', query: `userIds=${t.userId}` }),
  'user.userPermissions': () => ({ path: '/api/user/user-permissions' }),
  'user.userConferences': () => ({ path: '/api/user/user-conferences/true' }),
  'user.advisors': () => ({ path: '/api/user/advisors' }),
  'admin.signUpUser': (t, tag) => ({
    path: '/api/admin/sign-up-user',
    method: 'POST',
    body: { firstName: 'Matrix', lastName: tag, email: `matrix.${tag.replace(/\W/g, '')}.${Math.random().toString(36).slice(2, 8)}@example.org`, districtLocation: t.chain.District },
  }),
  'admin.reinviteUser': async (t, tag) => ({ path: '/api/admin/reinvite-user', method: 'POST', body: { ids: [await putTestUser({ firstName: 'Matrix', lastName: tag, locationId: t.chain.Church })] } }),
  // A throwaway participant at the chain's church: deactivating the target would change the other rows.
  'admin.trackAdmin': () => ({ path: '/api/admin/track-admin' }),
  'admin.deactivateUser': async (t, tag) => ({ path: '/api/admin/deactive-user', method: 'POST', body: { ids: [await putTestUser({ firstName: 'Matrix', lastName: tag, locationId: t.chain.Church })] } }),
  'admin.reactivateUser': async (t, tag) => ({
    path: '/api/admin/reactivate-user',
    method: 'POST',
    body: { ids: [await putTestUser({ firstName: 'Matrix', lastName: tag, locationId: t.chain.Church, inactive: true })] },
  }),
  // Own: narrowed to the actor's district (above an advisor's church: their scopes inside it); other: the other chain's.
  'user.quickSearch': (t) => ({ path: '/api/user/quickSearch', query: `where[districtId]=${t.chain.District}` }),

  ...TRACK_CALLS,
  ...FILE_CALLS,
  ...INSTANCE_CALLS,
  ...PEOPLE_CALLS,
  ...EXPORT_CALLS,
  ...TABLE_EXPORT_CALLS,
  ...USER_GENERIC_CALLS,
  ...VERIFY_CALLS,
  ...STEP_WORK_CALLS,
  ...PARTICIPANT_CALLS,
  ...LABEL_CALLS,
  ...ANNOUNCEMENT_CALLS,
  ...AUDIT_CALLS,
  ...RETENTION_CALLS,
  ...TRANSFER_CALLS,
  ...DASHBOARD_CALLS,
  ...PACKET_CALLS,
  ...IMPORT_CALLS,
  ...ERASURE_CALLS,
  ...GROUP_CALLS,

  'form.create': () => ({ path: '/api/form', method: 'POST', body: {} }),
  'form.quickSearch': () => ({ path: '/api/form/quickSearch', query: 'where[name]=cand' }),
  'form.query': () => ({ path: '/api/form/query', method: 'POST', body: { where: { name: 'cand' } } }),
  'form.get': () => ({ path: `/api/form/${DEMO_FORM_ID}` }),
  'form.list': () => ({ path: '/api/form', query: 'limit=10' }),
  'form.count': () => ({ path: '/api/form/count', query: 'where[name]=cand' }),
  'form.search': () => ({ path: '/api/form/search', method: 'POST', body: { where: { name: 'cand' } } }),
  'form.currentForm': () => ({ path: `/api/form/current-form/${DEMO_FORM_ID}` }),
  'form.currentForms': () => ({ path: `/api/form/current-forms/${DEMO_FORM_ID}` }),
  'form.versions': () => ({ path: `/api/form/${DEMO_FORM_ID}/versions` }),
  'form.formVersion': () => ({ path: `/api/form/${DEMO_FORM_ID}/versions/1` }),
  'form.tinymceApiKey': () => ({ path: '/api/form/tinymce-api-key' }),
  'form.formInstance': () => ({ path: `/api/form/form-instance/${DEMO_INSTANCE_IDS.questionnaireForm}` }),
  'form.formInstances': () => ({ path: `/api/form/form-instances/${DEMO_INSTANCE_IDS.questionnaireForm}` }),
  'form.saveFormInstance': () => ({ path: `/api/form/form-instance/${DEMO_INSTANCE_IDS.questionnaireForm}`, method: 'PATCH', body: { data: {}, submitted: false, version: 1 } }),
  'form.userForms': (t) => ({ path: `/api/form/forms/${t.userId}` }),
  'form.unsubmit': () => ({ path: `/api/form/forms/unsubmit/${DEMO_INSTANCE_IDS.questionnaireForm}`, method: 'PATCH' }),
  // Own: a form made for the call; other: a system form, locked for all but a superadmin.
  'form.updateById': async (t, tag) => ({ path: `/api/form/${await throwawayForm(tag, t.side === 'other')}`, method: 'PATCH', body: { name: `Matrix saved ${tag}`, version: 1, layout: [], fields: [] } }),
  'form.update': async (t, tag) => ({ path: '/api/form', method: 'PATCH', body: { id: await throwawayForm(tag, t.side === 'other'), name: `Matrix saved ${tag}`, version: 1, layout: [], fields: [] } }),
  'form.bulk': (_t, tag) => ({ path: '/api/form/bulk', method: 'POST', body: [{ name: `Matrix bulk form ${tag}` }] }),
  'form.formTemplate': () => ({ path: `/api/form/form-template/${DEMO_FORM_ID}` }),
  'form.formTemplates': () => ({ path: `/api/form/form-templates/${DEMO_FORM_ID}` }),
  'form.remove': async (t, tag) => ({ path: '/api/form', method: 'DELETE', body: { id: await throwawayForm(tag, t.side === 'other'), version: 1 } }),
  'form.removeById': async (t, tag) => ({ path: `/api/form/${await throwawayForm(tag, t.side === 'other')}`, method: 'DELETE', body: { version: 1 } }),
};
