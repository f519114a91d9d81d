import type { LocationKind } from '../../../shared/auth/vocabulary';
import { db } from '../../db/service';

/**
 * True when `parentId` has a child of `kind` with this name, compared without case (the
 * byParent key is lower-cased, so the Query is an exact, case-insensitive lookup).
 * `exceptId` leaves out the location being renamed.
 */
export async function siblingHasName(parentId: string, kind: LocationKind, name: string, exceptId?: string): Promise<boolean> {
  const { data } = await db().entities.location.query.byParent({ parentId, kind, name }).go();
  const wanted = name.toLowerCase();
  return data.some((sibling) => sibling.locationId !== exceptId && sibling.name.toLowerCase() === wanted);
}
