import { expect } from 'vitest';
import { listNotifications } from '../../../functions/db/access/notifications';
import { newId } from '../../../functions/db/ids';
import { emailsTo, insertOutboxItem, outboxItem } from '../../support/outbox-harness';
import type { BundleProcess } from '../../support/node22-lambda';

/**
 * The outbox worker's bundle handling one stream batch, as the event source mapping hands it:
 * the INSERT records of an email and of a bell notification. Their effects are checked where the
 * app would see them: the email in the local SES store, the notification in the person's inbox.
 */
export async function deliverBatchThroughWorker(worker: BundleProcess, sesUrl: string): Promise<void> {
  const subject = `Node 22 worker ${newId()}`;
  const email = await insertOutboxItem('email', { to: 'participant@example.org', subject, html: '<p>From the bundle</p>', text: 'From the bundle' });
  const userId = `user-${newId()}`;
  const notification = await insertOutboxItem('notification', { userId, message: 'Delivered by the Node 22 bundle.', link: '/tracks' });

  const result = await worker.invoke({ Records: [email.record, notification.record] });

  expect(result, worker.output()).toEqual({ batchItemFailures: [] });
  expect(await emailsTo(sesUrl, 'participant@example.org', subject)).toHaveLength(1);
  expect((await outboxItem(email.outboxId))?.status).toBe('sent');
  const inbox = await listNotifications(userId, { limit: 10, offset: 0 });
  expect(inbox.items.map((item) => item.message)).toEqual(['Delivered by the Node 22 bundle.']);
}
