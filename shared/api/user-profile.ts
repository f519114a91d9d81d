import { z } from 'zod';
import { defineContract } from './contract';
import { idSchema } from './id-list';
import { profileDetailsInputSchema, profileDetailsSchema } from '../schemas/user-profile';

const versionField = { version: z.number({ error: 'version is required' }).int().min(1) };

/** The profile's details card (SPEC.md sections 2 and 4); shared/api/user.ts adds these to userApi. */
export const userProfileContracts = {
  profileBasicInfo: defineContract({
    id: 'user.profileBasicInfo', service: 'user', method: 'GET', path: '/api/user/user-profile-basic-info/{userId}/{canEdit}', access: 'session', can: ['read', 'User'],
    summary:
      "A user's details (every field of SPEC.md section 3 the details card shows) for a caller who can see them, with whether the caller may edit them; Salesforce ID and PID only for manage-all callers. `canEdit` in the path is the client's wish and decides nothing: the answer's `canEdit` is the server's.",
    params: z.object({ userId: idSchema, canEdit: z.enum(['true', 'false']) }),
    response: profileDetailsSchema,
  }),
  updateById: defineContract({
    id: 'user.updateById', service: 'user', method: 'PATCH', path: '/api/user/{id}', access: 'session',
    summary:
      "Saves a user's details (Edit/Save on the profile): one's own, or a user the caller may update where they are; Salesforce ID and PID only by manage-all callers. Conditioned on `version` (stale: 409). A changed phone number is no longer verified.",
    params: z.object({ id: idSchema }),
    body: profileDetailsInputSchema.extend(versionField),
    response: profileDetailsSchema,
  }),
};
