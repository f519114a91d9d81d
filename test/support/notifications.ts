import { db } from '../../functions/db/service';

/** The bell notifications waiting in the outbox (not yet delivered by the worker), as recipient and message. */
export async function pendingNotifications(): Promise<{ userId: string; message: string }[]> {
  const { data } = await db().entities.outbox.query.byStatus({ status: 'pending' }).go({ pages: 'all' });
  return data.filter((item) => item.kind === 'notification').map((item) => item.payload as { userId: string; message: string });
}

/** The messages of the pending bell notifications to one user. */
export async function pendingNotificationsFor(userId: string): Promise<string[]> {
  return (await pendingNotifications()).filter((note) => note.userId === userId).map((note) => note.message);
}
