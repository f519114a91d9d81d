import { Entity } from 'electrodb';
import { SERVICE, timestamps, version } from './attributes';

/** The end key of an announcement without an end: it sorts after every real time. */
export const NO_END_KEY = '9999-12-31T23:59:59.999Z';

/**
 * A title and a message for everyone (`conferenceId` the System root) or for one conference's people,
 * shown from `startsAt` until `endsAt` (absent: until deleted). Ids are ULIDs.
 * - gsi1 `byAudienceEnd` (one partition per audience, by end): the shell's current ones are
 *   those not ended yet (`endsKey > now`, a bounded Query per audience) that have started.
 * - gsi2 `byConference` (one partition per audience, by start): a conference admin's table.
 * - gsi3 `list` (one partition, by start): the superadmin's table of every announcement.
 */
export const announcement = new Entity({
  model: { entity: 'announcement', version: '1', service: SERVICE },
  attributes: {
    announcementId: { type: 'string', required: true, readOnly: true },
    /** Absent on announcements written before titles (read as ''); every write since sets it. */
    title: { type: 'string' },
    /** The description. */
    message: { type: 'string', required: true },
    /** A conference id, or `system` for everyone. */
    conferenceId: { type: 'string', required: true },
    startsAt: { type: 'string', required: true },
    endsAt: { type: 'string' },
    /** `endsAt`, or NO_END_KEY: written with it by every write (announcementKeys). */
    endsKey: { type: 'string', required: true },
    createdBy: { type: 'string' },
    ...timestamps,
    version,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['announcementId'] },
      sk: { field: 'sk', composite: [] },
    },
    byAudienceEnd: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['conferenceId'] },
      sk: { field: 'gsi1sk', composite: ['endsKey', 'announcementId'] },
    },
    byConference: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['conferenceId'] },
      sk: { field: 'gsi2sk', composite: ['startsAt', 'announcementId'] },
    },
    list: {
      index: 'gsi3',
      scope: 'announcements',
      pk: { field: 'gsi3pk', composite: [] },
      sk: { field: 'gsi3sk', composite: ['startsAt', 'announcementId'] },
    },
  },
});
