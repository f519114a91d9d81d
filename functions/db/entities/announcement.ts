import { Entity } from 'electrodb';
import { SERVICE, timestamps, version } from './attributes';

/**
 * A message for everyone. Ids are ULIDs, so gsi1 `list` (its own partition) sorted by id
 * is newest first when read descending. Announcements are few: inactive ones are filtered.
 */
export const announcement = new Entity({
  model: { entity: 'announcement', version: '1', service: SERVICE },
  attributes: {
    announcementId: { type: 'string', required: true, readOnly: true },
    message: { type: 'string', required: true },
    active: { type: 'boolean', required: true, default: true },
    ...timestamps,
    version,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['announcementId'] },
      sk: { field: 'sk', composite: [] },
    },
    list: {
      index: 'gsi1',
      scope: 'announcements',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['announcementId'] },
    },
  },
});
