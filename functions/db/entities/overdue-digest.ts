import { Entity } from 'electrodb';
import { SERVICE, ttl } from './attributes';

/**
 * The daily escalation digest's working set (issue 13; functions/core/reminders/overdue-digest-job.ts).
 * The digest job first walks the Overdue steps page by page and writes, per recipient of each
 * step, one line here (main key: that recipient's partition of the day, lines oldest first), and
 * the recipient once in the day's list (`overdueDigestRecipient`). It then walks that list and
 * sends each recipient ONE digest of all their lines. Puts are idempotent (the keys are the day,
 * the user and the step), so a step repeated after a crash adds nothing; `ttl` a few days out.
 */
export const overdueDigestLine = new Entity({
  model: { entity: 'overdueDigestLine', version: '1', service: SERVICE },
  attributes: {
    day: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    /** The step's due time (its order in the digest) and id. */
    remindAt: { type: 'string', required: true, readOnly: true },
    stepInstanceId: { type: 'string', required: true, readOnly: true },
    text: { type: 'string', required: true },
    link: { type: 'string', required: true },
    trackTemplateId: { type: 'string', required: true },
    /** The place the recipient hears of it for (the enrolment's district, or its conference) and its name. */
    placeId: { type: 'string', required: true },
    placeName: { type: 'string' },
    ttl,
  },
  indexes: {
    byRecipient: {
      pk: { field: 'pk', composite: ['day', 'userId'] },
      sk: { field: 'sk', composite: ['remindAt', 'stepInstanceId'] },
    },
  },
});

/** The recipients of one day's escalation digest: one partition per day, by user id (the send phase's walk). */
export const overdueDigestRecipient = new Entity({
  model: { entity: 'overdueDigestRecipient', version: '1', service: SERVICE },
  attributes: {
    day: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    ttl,
  },
  indexes: {
    byDay: {
      pk: { field: 'pk', composite: ['day'] },
      sk: { field: 'sk', composite: ['userId'] },
    },
  },
});
