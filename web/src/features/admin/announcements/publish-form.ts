import * as z from 'zod';
import { PUBLISH_LINK_FORMAT, PUBLISH_LINK_MAX, PUBLISH_MESSAGE_MAX } from '@shared/schemas/notification-publish';

/** Publish Message's fields: the audience (a conference or district, and a role or everyone there), the message and a link. */
export const publishFormSchema = z.object({
  locationId: z.string().min(1, 'Location is required'),
  roleId: z.string(),
  message: z.string().trim().min(1, 'Message is required.').max(PUBLISH_MESSAGE_MAX, `At most ${PUBLISH_MESSAGE_MAX} characters.`),
  link: z
    .string()
    .trim()
    .max(PUBLISH_LINK_MAX, `At most ${PUBLISH_LINK_MAX} characters.`)
    .refine((link) => link === '' || (link.startsWith('/') && !link.startsWith('//')), PUBLISH_LINK_FORMAT),
});
export type PublishFormValues = z.input<typeof publishFormSchema>;

export const isPublishFormField = (path: string) => ['locationId', 'roleId', 'message', 'link'].includes(path);
