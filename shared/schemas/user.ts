import * as z from 'zod';

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
