import type { Contract } from './contract';
import { appContracts } from './app';
import { securityContracts } from './security';
import { userContracts } from './user';
import { notificationContracts } from './notification';
import { announcementContracts } from './announcement';
import { userLocationContracts } from './user-locations';
import { userDirectoryContracts } from './user-directory';
import { jurisdictionContracts } from './jurisdiction';
import { episcopalAreaContracts } from './episcopal-area';
import { conferenceContracts } from './conference';
import { districtContracts } from './district';
import { churchContracts } from './church';
import { roleContracts } from './role';
import { jobContracts } from './job';

/** Every implemented route. A contract here gets a Lambda route, a dev-server route and an authorization-matrix row. */
export const contracts: readonly Contract[] = [
  ...appContracts,
  ...securityContracts,
  ...userContracts,
  ...userLocationContracts,
  ...userDirectoryContracts,
  ...notificationContracts,
  ...announcementContracts,
  ...jurisdictionContracts,
  ...episcopalAreaContracts,
  ...conferenceContracts,
  ...districtContracts,
  ...churchContracts,
  ...roleContracts,
  ...jobContracts,
];

/** Services with at least one route; each is one Lambda function behind `/api/<service>`. */
export const services: readonly string[] = [...new Set(contracts.map((c) => c.service))];

export function contractsOf(service: string): Contract[] {
  return contracts.filter((c) => c.service === service);
}
