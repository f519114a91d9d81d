import * as z from 'zod';
import { defineContract } from './contract';
import { userLocationContracts } from './user-locations';
import { userDirectoryContracts } from './user-directory';
import { userProfileContracts } from './user-profile';
import { userMergeContracts } from './user-merge';
import { userExportContracts } from './user-export';
import { userErasureContracts } from './user-erasure';
import { userLabelContracts } from './user-labels';
import { userCommentContracts } from './user-comments';
import { userMentorContracts } from './user-mentors';
import { userTabContracts } from './user-tabs';
import { userGenericContracts } from './user-generic';
import { userSchema } from '../schemas/user';
import { idSchema } from './id-list';
import { abilityRuleSchema } from '../schemas/ability';

export const userApi = {
  current: defineContract({
    id: 'user.current',
    service: 'user',
    method: 'GET',
    path: '/api/user/user',
    summary: 'The signed-in user with their roles.',
    access: 'session',
    beforeSecondFactor: true,
    response: userSchema,
  }),
  abilities: defineContract({
    id: 'user.abilities',
    service: 'user',
    method: 'GET',
    path: '/api/user/abilities',
    summary: "The signed-in user's ability rules (CASL raw rules), built from roles and location permissions.",
    access: 'session',
    beforeSecondFactor: true,
    response: z.array(abilityRuleSchema),
  }),
  getUser: defineContract({
    id: 'user.getUser',
    service: 'user',
    method: 'GET',
    path: '/api/user/get-user/{id}',
    summary: "A user's profile basics and account status, for a caller who can see them (the profile page).",
    access: 'session',
    can: ['read', 'User'],
    params: z.object({ id: idSchema }),
    response: userSchema,
  }),
  ...userDirectoryContracts,
  ...userLocationContracts,
  ...userProfileContracts,
  ...userMergeContracts,
  ...userExportContracts,
  ...userErasureContracts,
  ...userLabelContracts,
  ...userCommentContracts,
  ...userMentorContracts,
  ...userTabContracts,
  // Last: GET /user/{id} after every literal /user/<word> (the routers try literal paths first anyway).
  ...userGenericContracts,
};
