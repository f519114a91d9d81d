import { Entity } from 'electrodb';
import { SERVICE, ttl } from './attributes';

/**
 * What the reminder schedule has done (issue 13), so a repeated or concurrent run sends nothing
 * twice. `markId` names the subject: `digest:<userId>` (that user's overdue digest of `period`,
 * a UTC day: created in the transaction of the digest's bell item, only if absent), or
 * `run:reminders` / `run:digests` (a finished run of that hour or day, with its report).
 * One partition per subject and period; `ttl` a few days out (only "today" is ever read).
 */
export const reminderMark = new Entity({
  model: { entity: 'reminderMark', version: '1', service: SERVICE },
  attributes: {
    markId: { type: 'string', required: true, readOnly: true },
    period: { type: 'string', required: true, readOnly: true },
    /** A run's report: how many it looked at and sent. */
    report: { type: 'map', properties: { looked: { type: 'number' }, sent: { type: 'number' } } },
    createdAt: { type: 'string', required: true },
    ttl,
  },
  indexes: {
    byMark: {
      pk: { field: 'pk', composite: ['markId', 'period'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
