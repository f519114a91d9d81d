import * as z from 'zod';
import { emailContentSchema } from '../../lib/email/email-content';

/**
 * What each outbox kind carries. `userId` names the recipient when known; `purpose`
 * decides which consent applies at send time (functions/events/outbox-recipients.ts):
 * - `notification` (the default): news about the person's work; needs their opt-in.
 * - `account`: a message the person asked for (a verification code, a password link);
 *   sent whatever the opt-in, never to a suppressed address.
 */
const recipient = {
  userId: z.string().min(1).max(64).optional(),
  purpose: z.enum(['notification', 'account']).default('notification'),
};

/** A text attachment (a calendar invitation); SES takes it base64-encoded. */
const attachment = z.object({ filename: z.string().min(1).max(100), contentType: z.string().min(1).max(100), content: z.string().max(20_000) });

/** A calendar invitation a notification carries to its email (issue 26's panel interviews): sent at once, never in a digest. */
export const calendarSchema = z.object({ method: z.enum(['REQUEST', 'CANCEL']), ics: z.string().min(1).max(20_000) });

export const outboxPayloadSchemas = {
  /**
   * Either ready bodies (`html` and `text`) or `content` the worker renders in the app's one
   * layout at send time (functions/lib/email), adding the unsubscribe link and headers to a
   * notification email.
   */
  email: z
    .object({ to: z.string().min(3).max(254), subject: z.string().max(300), html: z.string().optional(), text: z.string().optional(), content: emailContentSchema.optional(), attachments: z.array(attachment).max(3).optional(), ...recipient })
    .refine((email) => email.content || (email.html !== undefined && email.text !== undefined), 'An email needs content, or html and text'),
  sms: z.object({
    to: z.string().min(3).max(20),
    message: z.string().min(1),
    /** The recipient's conference time zone when the item was made: the local day the daily cap counts. */
    timeZone: z.string().max(64).optional(),
    ...recipient,
  }),
  notification: z.object({
    userId: z.string().min(1).max(64),
    message: z.string().min(1),
    link: z.string().optional(),
    /** A digest's lines (reminders, escalations: one notification listing many steps); email shows each with its link. */
    items: z.array(z.object({ text: z.string().min(1).max(300), link: z.string().min(1).max(300) })).max(100).optional(),
    calendar: calendarSchema.optional(),
  }),
  /**
   * A panel interview's reminder, held until the day before (`notBefore`): when it is due and the
   * interview is still confirmed at `sequence` (not moved or cancelled since), each recipient gets
   * a notification (functions/events/outbox-interview-reminder.ts); otherwise it is skipped.
   */
  interviewReminder: z.object({
    trackInstanceId: z.string().min(1).max(64),
    actionInstanceId: z.string().min(1).max(64),
    sequence: z.number().int().min(0),
    recipientIds: z.array(z.string().min(1).max(64)).max(50),
    message: z.string().min(1).max(500),
    link: z.string().min(1).max(300),
  }),
  /** A deleted file's object in the uploads bucket (deleting is idempotent, so a retry is harmless). */
  removeObject: z.object({ key: z.string().regex(/^[0-9a-z]{26}$/) }),
  /** A file a step dropped: removed with its object once no step uses it (functions/core/files/file-release.ts). */
  releaseFile: z.object({ key: z.string().regex(/^[0-9a-z]{26}$/) }),
};

export type OutboxKind = keyof typeof outboxPayloadSchemas;
/** What a writer puts in an outbox item (`purpose` may be left out). */
export type OutboxPayloadInput<K extends OutboxKind> = z.input<(typeof outboxPayloadSchemas)[K]>;
/** What the worker delivers (`purpose` filled in). */
export type OutboxPayload<K extends OutboxKind> = z.output<(typeof outboxPayloadSchemas)[K]>;
