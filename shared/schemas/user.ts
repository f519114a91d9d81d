import * as z from 'zod';
import { idSchema } from '../api/id-list';

/** SPEC.md section 8: the refusal of Confirm User Deactivation. */
export const CANNOT_DEACTIVATE_SELF = 'Cannot deactivate your own account.';

/** An email that another user holds. */
export const EMAIL_IN_USE = 'This email is already in use.';

/** Field rules and messages of SPEC.md section 5 (User schema). */
export const firstNameSchema = z
  .string({ error: 'First Name must only contain characters' })
  .trim()
  .min(1, 'First Name is required');
export const lastNameSchema = z
  .string({ error: 'Last Name must only contain characters' })
  .trim()
  .min(1, 'Last Name is required');
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .min(2, 'Email is required')
  .email('Invalid email address');

export const roleRefSchema = z.object({ id: z.string(), name: z.string(), system: z.boolean() });

export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  middleName: z.string().optional(),
  lastName: z.string(),
  suffix: z.string().optional(),
  title: z.string().optional(),
  email: z.string(),
  phoneNumber: z.string().optional(),
  inactive: z.boolean(),
  registered: z.boolean(),
  mergedUserId: z.string().optional(),
  avatar: z.object({ url: z.string(), key: z.string() }).optional(),
  roles: z.array(roleRefSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserView = z.infer<typeof userSchema>;

/** SPEC.md section 5's Add User messages; names and addresses are bounded like any text. */
export const addUserSchema = z
  .object({
    firstName: firstNameSchema.max(60, 'First Name must be at most 60 characters'),
    lastName: lastNameSchema.max(60, 'Last Name must be at most 60 characters'),
    email: emailSchema.max(254, 'Invalid email address'),
    conferenceLocation: idSchema.optional(),
    conferenceLocationType: z.literal('Conference').optional(),
    districtLocation: idSchema.optional(),
    districtLocationType: z.literal('District').optional(),
  })
  .refine((user) => Boolean(user.conferenceLocation || user.districtLocation), { path: ['conferenceLocation'], message: 'Location is required' });
export type AddUserInput = z.infer<typeof addUserSchema>;
