import type { LocationSet } from '@shared/api/location-set';
import type { QueryInput } from '@shared/api/contract';
import type { LocationView } from '@shared/schemas/location';
import { call } from '../../../lib/api/client';
import { routes, type RouteRef } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';
import type { LocationService } from './location-kinds';

/** One generic-set route of a location service, typed by the shared factory (every location service has the same set). */
const locationRoute = <K extends keyof LocationSet>(service: LocationService, operation: K) => routes[service][operation] as RouteRef<LocationSet[K]>;

export type LocationPageQuery = QueryInput<LocationSet['quickSearch']>;

/** PICKER_LIMIT: parent pickers show the first ten matches, like the other location pickers. */
const PICKER_LIMIT = 10;

/** The admin table's page route of a kind (read with usePagedTable). */
export const locationPageRoute = (service: LocationService) => locationRoute(service, 'quickSearch');

/** Active locations of a kind whose name has a word starting with the text (parent pickers and filters). */
export async function searchLocations(service: LocationService, text: string) {
  const name = text.trim();
  const page = await call(locationRoute(service, 'quickSearch'), { query: { limit: PICKER_LIMIT, offset: 0, where: name ? { name } : undefined } });
  return page.data;
}

export function getLocation(service: LocationService, id: string) {
  return call(locationRoute(service, 'get'), { params: { id } });
}

export function useLocation(service: LocationService, id: string | null) {
  return useApi(locationRoute(service, 'get'), id ? { params: { id } } : null, { revalidateOnMount: true, dedupingInterval: 0 });
}

export function createLocation(service: LocationService, body: { name: string; parentId?: string }) {
  return call(locationRoute(service, 'create'), { body });
}

export interface LocationChanges {
  name: string;
  version: number;
  /** Only when the location moves to another parent. */
  parentId?: string;
  /** Conferences: messaging time zone and SMS quiet hours ('HH:mm'). */
  timeZone?: string;
  quietHoursStart?: string;
  quietHoursEnd?: string;
}

/**
 * Saves an edit: answers the saved location. A new name or parent also answers a `jobId`: copies
 * of the name, or what lies under the location, follow in a background job.
 */
export function updateLocation(service: LocationService, id: string, changes: LocationChanges): Promise<LocationView> {
  return call(locationRoute(service, 'updateById'), { params: { id }, body: changes });
}

/** DELETE deactivates: people and history keep pointing at the location. */
export function deactivateLocation(service: LocationService, id: string) {
  return call(locationRoute(service, 'removeById'), { params: { id } });
}

/** Reactivation is an update, so it sends the version it read. */
export async function reactivateLocation(service: LocationService, id: string) {
  const current = await getLocation(service, id);
  return call(locationRoute(service, 'updateById'), { params: { id }, body: { version: current.version, active: true } });
}
