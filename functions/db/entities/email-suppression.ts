import { Entity } from 'electrodb';
import { SERVICE, createdAt } from './attributes';

/**
 * An address no email may go to any more: SES reported a permanent bounce or a complaint
 * for it (ARCHITECTURE.md section 8). Keyed by the lower-cased address, whoever owns it, so
 * the outbox worker's check is one read and a changed email is not suppressed by its
 * predecessor's bounce.
 */
export const emailSuppression = new Entity({
  model: { entity: 'emailSuppression', version: '1', service: SERVICE },
  attributes: {
    email: { type: 'string', required: true, readOnly: true, set: (value?: string) => value?.trim().toLowerCase() },
    reason: { type: ['bounce', 'complaint'] as const, required: true },
    /** The SES feedback id, for diagnosis. */
    feedbackId: { type: 'string' },
    createdAt,
  },
  indexes: {
    byEmail: {
      pk: { field: 'pk', composite: ['email'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
