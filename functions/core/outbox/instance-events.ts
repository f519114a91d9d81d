import { newId } from '../../db/ids';
import type { TransactionWrite } from '../../db/transact';

/**
 * The in-app side of participation events (issue 12: enrolment, assignment, submission awaiting
 * review, approval, denial, status change, overdue). Each recipient gets one `notification`
 * outbox item, written in the transaction of the change it reports, so it is sent exactly when
 * the change commits and never twice (the outbox worker's lease). The actor is never told about
 * their own act. Delivering the item also sends the email and SMS the recipient chose
 * (functions/events/outbox-fanout.ts, docs/notifications.md): callers need nothing more.
 */
export interface InstanceEvent {
  /** Who hears about it: user ids (duplicates and the actor are dropped). */
  recipientIds: readonly string[];
  /** Who caused it, if a person did (absent for the scheduler). */
  actorId?: string;
  message: string;
  /** The page it concerns, e.g. `/step/{id}` or `/tracks/{templateId}/assignments/{instanceId}`. */
  link: string;
  /** A digest's lines, each with its own link (at most 100). */
  items?: { text: string; link: string }[];
}

export function eventWrites({ recipientIds, actorId, message, link, items }: InstanceEvent): TransactionWrite[] {
  const recipients = [...new Set(recipientIds)].filter((id) => id && id !== actorId);
  const extra = items ? { items } : {};
  return recipients.map((userId): TransactionWrite => (tx) => tx.outbox.create({ outboxId: newId(), kind: 'notification', payload: { userId, message, link, ...extra } }).commit());
}

export const trackInstanceLink = (trackTemplateId: string, trackInstanceId: string) => `/tracks/${trackTemplateId}/assignments/${trackInstanceId}`;
export const stepInstanceLink = (stepInstanceId: string) => `/step/${stepInstanceId}`;
