import { Entity } from 'electrodb';
import { LOCATION_KINDS } from '../../../shared/auth/vocabulary';
import { SERVICE, stringList, timestamps, version } from './attributes';

/** Location kinds plus the one System root every hierarchy hangs from. */
export const LOCATION_ITEM_KINDS = ['System', ...LOCATION_KINDS] as const;

/** The System root's id; system tracks and the global directory scope use it. */
export const SYSTEM_LOCATION_ID = 'system';

/**
 * A jurisdiction, episcopal area, conference, district or church (or the System root).
 * Carries its ancestor ids, so the permission hierarchy of anything is one read.
 * Main key: by id. gsi1 `byParent`: children of a location by kind and name (for
 * example the churches of a district). gsi2 `byKind`: every location of a kind sorted
 * by name (the superadmin's admin tables). Scoped lists, word search and counts use
 * directory entries (./directory-entry.ts).
 */
export const location = new Entity({
  model: { entity: 'location', version: '1', service: SERVICE },
  attributes: {
    locationId: { type: 'string', required: true, readOnly: true },
    kind: { type: LOCATION_ITEM_KINDS, required: true, readOnly: true },
    name: { type: 'string', required: true },
    active: { type: 'boolean', required: true, default: true },
    /** The System root for jurisdictions; the System root has none of its own. */
    parentId: { type: 'string' },
    /** Shown in admin tables (district name of a church ...); refreshed when the parent is renamed. */
    parentName: { type: 'string' },
    /** Episcopal areas only: their conferences' names, for the comma-joined column. */
    childNames: stringList,
    ancestors: {
      type: 'map',
      required: true,
      default: () => ({}),
      properties: {
        jurisdictionId: { type: 'string' },
        episcopalAreaId: { type: 'string' },
        conferenceId: { type: 'string' },
        districtId: { type: 'string' },
      },
    },
    /** Outermost first, ending with this location; the System root is implied. */
    ancestorIds: { ...stringList, required: true },
    /** Conferences: the IANA time zone of digests, SMS quiet hours and the days the SMS cap and escalation digests count (default America/New_York). */
    timeZone: { type: 'string' },
    /** Conferences: SMS quiet hours, local 'HH:mm' (default 21:00 to 08:00; equal: none). shared/schemas/conference-settings.ts. */
    quietHoursStart: { type: 'string' },
    quietHoursEnd: { type: 'string' },
    ...timestamps,
    version,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['locationId'] },
      sk: { field: 'sk', composite: [] },
    },
    byParent: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['parentId'] },
      sk: { field: 'gsi1sk', composite: ['kind', 'name', 'locationId'] },
    },
    byKind: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['kind'] },
      sk: { field: 'gsi2sk', composite: ['name', 'locationId'] },
    },
  },
});
