import { churchApi } from '../../shared/api/church';
import { conferenceApi } from '../../shared/api/conference';
import { districtApi } from '../../shared/api/district';
import { episcopalAreaApi } from '../../shared/api/episcopal-area';
import { jurisdictionApi } from '../../shared/api/jurisdiction';
import { DEMO_LOCATION_IDS as ids } from '../../functions/db/seed/demo-organisation';
import { ADMIN_CASES } from './admin-cases';
import { AS } from './accounts';
import type { BenchCase } from './bench-case';
import { locationSetCases } from './location-cases';
import { NOTIFICATION_CASES } from './notification-cases';
import { ANNOUNCEMENT_CASES } from './announcement-cases';
import { ROLE_CASES } from './role-cases';
import { FORM_CASES } from './form-cases';
import { FILE_CASES } from './file-cases';
import { USER_LOCATION_CASES } from './user-location-cases';
import { PROFILE_CASES } from './profile-cases';
import { LABEL_CASES } from './label-cases';
import { PHASE_CASES, STEP_CASES, TRACK_CASES } from './track-cases';
import { PARTICIPANT_CASES } from './participant-cases';
import { SESSION_CASES } from './session-cases';
import { SIGN_IN_CASES } from './sign-in-cases';
import { VERIFY_CASES } from './verify-cases';
import { ENROLMENT_CASES } from './enrolment-cases';
import { STEP_INSTANCE_CASES } from './step-instance-cases';
import { TEMPLATE_GENERIC_CASES } from './template-generic-cases';
import { USER_GENERIC_CASES } from './user-generic-cases';
import { USER_GROUP_CASES } from './user-group-cases';
import { AUDIT_CASES } from './audit-cases';
import { RECORDS_CASES } from './records-cases';
import { COMMITTEE_CASES } from './committee-cases';
import { COCKPIT_CASES } from './cockpit-cases';

export type { BenchCase, BenchContext } from './bench-case';

/**
 * How the benchmark calls each implemented route: as whom, with which arguments.
 * A contract with no case here makes the benchmark fail, so new routes get measured.
 */
const LOCATION_CASES: Record<string, BenchCase> = {
  ...locationSetCases(jurisdictionApi, { service: 'jurisdiction', sampleId: ids.jurisdiction1, searchTerm: 'south', readAs: AS.superadmin }),
  ...locationSetCases(episcopalAreaApi, { service: 'episcopal-area', parentId: ids.jurisdiction1, sampleId: ids.episcopalArea1, searchTerm: 'pied', readAs: AS.superadmin }),
  ...locationSetCases(conferenceApi, { service: 'conference', parentId: ids.episcopalArea1, sampleId: ids.conference1, searchTerm: 'blue', readAs: AS.conferenceAdmin, writeConcurrency: 1 }),
  ...locationSetCases(districtApi, { service: 'district', parentId: ids.conference2, sampleId: ids.district1, searchTerm: 'foot', readAs: AS.conferenceAdmin }),
  ...locationSetCases(churchApi, { service: 'church', parentId: ids.district3, sampleId: ids.church1, searchTerm: 'grace', readAs: AS.conferenceAdmin }),
  'conference.findMany': { as: AS.conferenceAdmin, path: '/api/conference/find-many', body: { name: 'blue' } },
  'conference.byIds': { as: AS.superadmin, path: `/api/conference/conferences/${ids.conference1},${ids.conference2}` },
  'conference.active': { as: AS.conferenceAdmin, path: '/api/conference/active-conferences' },
  'district.byIds': { as: AS.conferenceAdmin, path: `/api/district/getDistrictsByIds/${ids.district1},${ids.district2}` },
  'church.filter': { as: AS.conferenceAdmin, path: `/api/church/${ids.district1}/filter`, query: 'name=gr&limit=10' },
};

export const BENCH_CASES: Record<string, BenchCase> = {
  'app.health': { path: '/api/app/health', singleItem: true },
  'app.openapi': { path: '/api/app/openapi.json' },
  'security.loginSpa': { path: '/api/security/login/spa', query: 'redirect-uri=%2Ftracks', singleItem: true },
  'security.login': { path: '/api/security/login', query: 'redirect-uri=%2Ftracks', singleItem: true },
  ...SIGN_IN_CASES,
  'security.logout': { path: '/api/security/logout', skip: 'ends the session it measures; one call is counted below' },
  'user.current': { as: 'participant@example.org', path: '/api/user/user', singleItem: true },
  'user.abilities': { as: 'conference.admin@example.org', path: '/api/user/abilities', singleItem: true },
  'admin.trackAdmin': { as: 'advisor@example.org', path: '/api/admin/track-admin', singleItem: true },
  'notification.userNotifications': { as: 'participant@example.org', path: '/api/notification/user-notifications', query: 'limit=5&offset=0' },
  ...NOTIFICATION_CASES,
  ...ANNOUNCEMENT_CASES,
  'announcement.announcements': { as: 'mentor@example.org', path: '/api/announcement/announcements' },
  ...USER_LOCATION_CASES,
  ...ADMIN_CASES,
  ...PROFILE_CASES,
  ...LABEL_CASES,
  ...ROLE_CASES,
  ...LOCATION_CASES,
  ...TRACK_CASES,
  ...PARTICIPANT_CASES,
  ...PHASE_CASES,
  ...STEP_CASES,
  ...SESSION_CASES,
  ...FORM_CASES,
  ...FILE_CASES,
  ...VERIFY_CASES,
  ...ENROLMENT_CASES,
  ...STEP_INSTANCE_CASES,
  ...TEMPLATE_GENERIC_CASES,
  ...USER_GENERIC_CASES,
  ...USER_GROUP_CASES,
  ...AUDIT_CASES,
  ...RECORDS_CASES,
  ...COMMITTEE_CASES,
  ...COCKPIT_CASES,
};
