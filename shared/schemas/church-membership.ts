import * as z from 'zod';

/** A user's church membership as the profile shows it (SPEC.md section 3); `constituent` is shown as 'Home'. */
export const churchMembershipSchema = z.object({
  id: z.string(),
  userId: z.string(),
  church: z.object({ id: z.string(), name: z.string() }),
  active: z.boolean(),
  primary: z.boolean(),
  constituent: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type ChurchMembershipView = z.infer<typeof churchMembershipSchema>;

/** SPEC.md section 4: only active memberships can be deactivated or have 'Home' toggled. */
export const ONLY_ACTIVE_MEMBERSHIPS = 'Only active memberships can be changed.';
