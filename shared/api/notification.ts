import * as z from 'zod';
import { defineContract } from './contract';

import { idSchema } from './id-list';
import { NOTIFICATIONS_MAX, NOTIFICATIONS_START } from './limits';
import { publishInputSchema, subscribeInputSchema, subscriptionSchema } from '../schemas/notification-publish';

export const notificationSchema = z.object({
  notificationId: z.string(),
  message: z.string(),
  link: z.string().optional(),
  /** A digest's own list (an escalation's overdue steps), each with its link; the bell entry expands to show it. */
  items: z.array(z.object({ text: z.string(), link: z.string() })).optional(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

const isReadParam = z.enum(['true', 'false']).transform((v) => v === 'true');

const userNotifications = defineContract({
  id: 'notification.userNotifications',
  service: 'notification',
  method: 'GET',
  path: '/api/notification/user-notifications',
  summary: "The signed-in user's newest notifications with unread and total counts.",
  access: 'session',
  query: z.object({
    limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX).default(NOTIFICATIONS_START),
    offset: z.coerce.number().int().min(0).max(NOTIFICATIONS_MAX - 1).default(0),
  }),
  response: z.object({
    userNotifications: z.array(notificationSchema),
    unreadCount: z.number().int(),
    total: z.number().int(),
  }),
});

/** The bell's poll: the counter item alone, so a poll costs one small read whatever the inbox holds. */
const unreadCount = defineContract({
  id: 'notification.unreadCount',
  service: 'notification',
  method: 'GET',
  path: '/api/notification/unread-count',
  summary: "The signed-in user's unread and total notification counts (the bell polls it; one read of the inbox counter).",
  access: 'session',
  response: z.object({ unreadCount: z.number().int(), total: z.number().int() }),
});

const setRead = defineContract({
  id: 'notification.setRead',
  service: 'notification',
  method: 'PUT',
  path: '/api/notification/{id}/isread/{isread}',
  summary: "Marks one of the signed-in user's notifications read or unread.",
  access: 'session',
  params: z.object({ id: idSchema, isread: isReadParam }),
  response: notificationSchema,
});

const bulkSetRead = defineContract({
  id: 'notification.bulkSetRead',
  service: 'notification',
  method: 'PUT',
  path: '/api/notification/user/{userId}/bulk-isread/{isread}',
  summary: "Marks all of a user's notifications read or unread (only one's own).",
  access: 'session',
  params: z.object({ userId: idSchema, isread: isReadParam }),
  response: z.object({ updated: z.number().int(), unreadCount: z.number().int() }),
});

const publish = defineContract({
  id: 'notification.publish',
  service: 'notification',
  method: 'POST',
  path: '/api/notification/publish',
  summary:
    "Sends a message (and a link) to the active users of a conference or district the caller administers people in, or to those holding a role there: a background job writes each one's bell notification (their email and SMS follow their opt-ins) and answers 202 with its id. A place inside the location the caller is denied is skipped (its people are not told; the job's result says how many, `{ skipped }`); a denial at the location or above it refuses (403).",
  access: 'session',
  can: ['update', 'User'],
  body: publishInputSchema,
  response: z.object({ jobId: z.string() }),
  status: 202,
});

const subscribe = defineContract({
  id: 'notification.subscribe',
  service: 'notification',
  method: 'POST',
  path: '/api/notification/subscribe',
  summary: "The caller's own channels (email notifications, SMS: only with a verified number), saved as the profile saves them, on the version read (stale: 409).",
  access: 'session',
  body: subscribeInputSchema,
  response: subscriptionSchema,
});

/** The confirmation link's token (functions/core/people/email-change.ts). */
const confirmQuery = z.object({ data: z.string().min(1, 'Required').max(200, 'Invalid input') });

const confirmEmailUnauthed = defineContract({
  id: 'notification.confirmEmailUnauthed',
  service: 'notification',
  method: 'GET',
  path: '/api/notification/confirm-email-unauthed',
  summary:
    "The link in an email-change confirmation (signed in or not): a live token for the user's pending address makes it their email (single use). Redirects to /users/email-verification?isVerified=&user=.",
  access: 'public',
  query: confirmQuery,
  response: z.null(),
  status: 302,
});

const confirmEmail = defineContract({
  id: 'notification.confirmEmail',
  service: 'notification',
  method: 'GET',
  path: '/api/notification/confirm-email',
  summary: 'The same confirmation for a signed-in caller (SPEC.md section 7); the token alone decides whose email it confirms.',
  access: 'session',
  query: confirmQuery,
  response: z.null(),
  status: 302,
});

/** The unsubscribe link's token (functions/core/notifications/unsubscribe.ts). */
const unsubscribeQuery = z.object({ token: z.string().min(1, 'Required').max(300, 'Invalid input') });

const unsubscribe = defineContract({
  id: 'notification.unsubscribe',
  service: 'notification',
  method: 'GET',
  path: '/api/notification/unsubscribe',
  summary:
    "The unsubscribe link of a notification email, signed in or not: a token signed for the user's current address answers a page asking to confirm, whose button posts the token (below); nothing changes on this GET, since mail scanners and link previews open links. Any other token answers a 400 page.",
  access: 'public',
  query: unsubscribeQuery,
  response: z.string(),
});

const unsubscribeOneClick = defineContract({
  id: 'notification.unsubscribeOneClick',
  service: 'notification',
  method: 'POST',
  path: '/api/notification/unsubscribe',
  summary: "Turns the token's user's email notifications off (the confirmation page's button, and a mail provider's one-click unsubscribe: the List-Unsubscribe-Post header, RFC 8058): posted as a form, the token alone decides. Answers a page saying so, with a link to sign in and turn them back on; any other token answers a 400 page and changes nothing.",
  access: 'public',
  formPost: true,
  query: unsubscribeQuery,
  response: z.string(),
});

const triggerEmailNotifications = defineContract({
  id: 'notification.triggerEmailNotifications',
  service: 'notification',
  method: 'POST',
  path: '/api/notification/trigger-email-notifications',
  summary: 'Sends the waiting daily digests now, due or not (operators and tests; superadmin only); answers how many digest emails were written (at most one per user with waiting lines, 100 lines read per call).',
  access: 'session',
  can: ['manage', 'all'],
  response: z.object({ sent: z.number().int() }),
});

export const notificationApi = { userNotifications, unreadCount, publish, subscribe, setRead, bulkSetRead, confirmEmail, confirmEmailUnauthed, unsubscribe, unsubscribeOneClick, triggerEmailNotifications };
