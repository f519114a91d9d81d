import { deterministicId } from '../db/ids';
import { db } from '../db/service';
import { transact, type TransactionWrite } from '../db/transact';
import { StaleVersionError } from '../db/versioned';
import type { OutboxPayload } from '../core/outbox/outbox-payloads';

/**
 * A panel interview's reminder, due the day before (issue 26, item 3). Sent only if the interview
 * is still confirmed at the sequence the reminder was made for: a reschedule made its own reminder
 * and a cancellation wants none. Each recipient's notification is created under an id derived from
 * the reminder item, only if absent, so a repeated delivery adds nothing; delivering the
 * notification then sends the email and SMS each person chose, SMS held through quiet hours.
 */
export async function deliverInterviewReminder(outboxId: string, at: number, reminder: OutboxPayload<'interviewReminder'>): Promise<{ skipReason: string } | object> {
  const { data: interview } = await db().entities.panelInterview.get({ trackInstanceId: reminder.trackInstanceId, actionInstanceId: reminder.actionInstanceId }).go({ consistent: true });
  if (interview?.status !== 'confirmed' || interview.sequence !== reminder.sequence) return { skipReason: 'the interview was moved or cancelled since' };
  const writes = reminder.recipientIds.map((userId): TransactionWrite => (tx) =>
    tx.outbox
      .create({ outboxId: deterministicId(at, outboxId, userId), kind: 'notification', payload: { userId, message: reminder.message, link: reminder.link } })
      .commit(),
  );
  try {
    if (writes.length) await transact(writes);
  } catch (error) {
    if (!(error instanceof StaleVersionError)) throw error; // written by an earlier delivery
  }
  return {};
}
