import * as z from 'zod';
import { LOCATION_KINDS } from '../auth/vocabulary';

/** A user's location permission as screens show it (SPEC.md section 3, Permission), with the location's name. */
export const permissionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  entity: z.enum(LOCATION_KINDS),
  entityId: z.string(),
  /** The location's name (and whether the location itself is still active). */
  name: z.string(),
  locationActive: z.boolean(),
  active: z.boolean(),
  primary: z.boolean(),
  denial: z.boolean(),
  ancestorIds: z.array(z.string()),
  version: z.number().int(),
  createdAt: z.string(),
});
export type PermissionView = z.infer<typeof permissionSchema>;

export const locationKindSchema = z.enum(LOCATION_KINDS, 'Location is required');
