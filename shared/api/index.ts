import type { Contract } from './contract';
import { appApi } from './app';
import { securityApi } from './security';
import { userApi } from './user';
import { notificationApi } from './notification';
import { announcementApi } from './announcement';
import { jurisdictionApi } from './jurisdiction';
import { episcopalAreaApi } from './episcopal-area';
import { conferenceApi } from './conference';
import { districtApi } from './district';
import { churchApi } from './church';
import { roleApi } from './role';
import { jobApi } from './job';
import { trackApi } from './track';
import { phaseApi } from './phase';
import { stepApi } from './step';
import { formApi } from './form';
import { adminApi } from './admin';
import { fileApi } from './file';
import { communicationApi } from './communication';
import { userGroupApi } from './user-group';
import { auditApi } from './audit';

/**
 * Every implemented route, grouped by service (one Lambda each, behind `/api/<service>`).
 * A contract here gets a Lambda route, a dev-server route, an OpenAPI operation and an
 * authorization-matrix row. Lambdas import only their own service's file, never this one.
 */
export const api = {
  app: appApi,
  security: securityApi,
  user: userApi,
  notification: notificationApi,
  announcement: announcementApi,
  jurisdiction: jurisdictionApi,
  'episcopal-area': episcopalAreaApi,
  conference: conferenceApi,
  district: districtApi,
  church: churchApi,
  role: roleApi,
  job: jobApi,
  track: trackApi,
  phase: phaseApi,
  step: stepApi,
  form: formApi,
  admin: adminApi,
  file: fileApi,
  communication: communicationApi,
  'user-group': userGroupApi,
  audit: auditApi,
};
export type Api = typeof api;
export type ServiceName = keyof Api;

export const contracts: readonly Contract[] = Object.values(api).flatMap((service): Contract[] => Object.values(service));

/** Services with at least one route; each is one Lambda function behind `/api/<service>`. */
export const services: readonly string[] = Object.keys(api);
