import * as z from 'zod';
import { idOf, idSchema } from '../api/id-list';

/** A published message is a bell entry's length: its email and SMS carry it as it is. */
export const PUBLISH_MESSAGE_MAX = 500;
export const PUBLISH_LINK_MAX = 300;

export const PUBLISH_LOCATION_KIND = "Send to a conference or a district.";
export const PUBLISH_LINK_FORMAT = 'A link is a page of this site, starting with /.';

/**
 * Publish (SPEC.md section 7, notification `publish`): a message, with an optional link to a
 * page of the site, to the users of a conference or district, or to those holding a role there.
 */
export const publishInputSchema = z.object({
  message: z.string({ error: 'Message is required.' }).trim().min(1, 'Message is required.').max(PUBLISH_MESSAGE_MAX, `At most ${PUBLISH_MESSAGE_MAX} characters.`),
  link: z
    .string()
    .trim()
    .max(PUBLISH_LINK_MAX, `At most ${PUBLISH_LINK_MAX} characters.`)
    .refine((link) => link === '' || (link.startsWith('/') && !link.startsWith('//')), PUBLISH_LINK_FORMAT)
    .optional()
    .transform((link) => link || undefined),
  locationId: idOf('Location is required'),
  roleId: idSchema.optional(),
});
export type PublishInput = z.input<typeof publishInputSchema>;

/** Subscribe (SPEC.md section 7, notification `subscribe`): the caller's channels, on the version of their profile they read. */
export const subscribeInputSchema = z
  .object({
    emailNotificationsOptIn: z.boolean().optional(),
    smsOptIn: z.boolean().optional(),
    version: z.number({ error: 'version is required' }).int(),
  })
  .refine((value) => value.emailNotificationsOptIn !== undefined || value.smsOptIn !== undefined, { message: 'Choose a channel to change.', path: ['emailNotificationsOptIn'] });

export const subscriptionSchema = z.object({ emailNotificationsOptIn: z.boolean(), smsOptIn: z.boolean(), version: z.number().int() });
