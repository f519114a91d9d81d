import * as z from 'zod';
import { defineContract } from './contract';
import { idSchema } from './id-list';
import { ASSIGNED_TRACKS_MAX } from './limits';
import { assignedTrackSchema } from '../schemas/assigned-tracks';
import { profileDetailsInputSchema, profileDetailsSchema } from '../schemas/user-profile';

const versionField = { version: z.number({ error: 'version is required' }).int().min(1) };

/** The profile's details card (SPEC.md sections 2 and 4); shared/api/user.ts adds these to userApi. */
export const userProfileContracts = {
  setAvatar: defineContract({
    id: 'user.setAvatar', service: 'user', method: 'POST', path: '/api/user/{userId}/avatar', access: 'session',
    summary:
      "Sets a user's avatar (one's own, or a user the caller may update) to a 256 x 256 image the caller uploaded for them through file/upload with target `avatar` and confirmed. Conditioned on the user's `version` (stale: 409). Answers the avatar with its scoped `url`.",
    params: z.object({ userId: idSchema }),
    body: z.object({ key: z.string().trim().min(1, 'Required').max(64, 'Invalid input'), ...versionField }),
    response: z.object({ avatar: z.object({ url: z.string(), key: z.string() }), version: z.number().int() }),
  }),
  avatarImage: defineContract({
    id: 'user.avatarImage', service: 'user', method: 'GET', path: '/api/user/{userId}/avatar-image', access: 'session',
    summary: "The user's current avatar (the `key` it was set with): a redirect to a short-lived link, for whoever sees the user; 404 otherwise.",
    params: z.object({ userId: idSchema }),
    query: z.object({ key: z.string().min(1, 'Required').max(64, 'Invalid input') }),
    response: z.null(),
    status: 302,
  }),
  profileBasicInfo: defineContract({
    id: 'user.profileBasicInfo', service: 'user', method: 'GET', path: '/api/user/user-profile-basic-info/{userId}/{canEdit}', access: 'session', can: ['read', 'User'],
    summary:
      "A user's details (every field of SPEC.md section 3 the details card shows) for a caller who can see them, with whether the caller may edit them; Salesforce ID and PID only for manage-all callers. `canEdit` in the path is the client's wish and decides nothing: the answer's `canEdit` is the server's.",
    params: z.object({ userId: idSchema, canEdit: z.enum(['true', 'false']) }),
    response: profileDetailsSchema,
  }),
  profileTrackInstances: defineContract({
    id: 'user.profileTrackInstances', service: 'user', method: 'GET', path: '/api/user/user-profile-track-instances/{userId}', access: 'session', can: ['read', 'User'],
    summary: `The profile's Tracks (SPEC.md section 2): the user's enrolments, at most ${ASSIGNED_TRACKS_MAX}, by track name, each one the caller may open (its track instance page's access rule); 404 for a user the caller cannot see.`,
    params: z.object({ userId: idSchema }),
    response: z.array(assignedTrackSchema),
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
