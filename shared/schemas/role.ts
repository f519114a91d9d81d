import * as z from 'zod';
import { POLICY_ACTIONS, SUBJECTS } from '../auth/vocabulary';

/** Role editor rules (SPEC.md section 5): a name, and each policy at least one action and one subject. */
export const rolePolicySchema = z.object({
  actions: z.array(z.enum(POLICY_ACTIONS, 'Unknown action.')).min(1, 'Select at least one action.').max(POLICY_ACTIONS.length, 'Name each action once.'),
  subjects: z.array(z.enum(SUBJECTS, 'Unknown subject.')).min(1, 'Select at least one subject.').max(SUBJECTS.length, 'Name each subject once.'),
});

export const roleNameSchema = z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(60, 'Name must be at most 60 characters.');

export const roleInputSchema = z.object({
  name: roleNameSchema,
  policies: z.array(rolePolicySchema).min(1, 'Add at least one policy.').max(30, 'At most 30 policies.'),
});
export type RoleInput = z.infer<typeof roleInputSchema>;

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The display name: 'Conference Admin' for the ConferenceAdmin system role. */
  label: z.string(),
  system: z.boolean(),
  policies: z.array(z.object({ actions: z.array(z.string()), subjects: z.array(z.string()) })),
  version: z.number().int(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  /** After a rename: the background job refreshing holders' copies of the name. */
  jobId: z.string().optional(),
});
export type RoleView = z.infer<typeof roleSchema>;
