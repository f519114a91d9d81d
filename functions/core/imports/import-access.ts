import { scoped } from '../../../shared/auth/ability';
import { denials } from '../../../shared/auth/permissions';
import { getLocationOfKind, type LocationItem } from '../../db/access/location-store';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { AuthContext } from '../session/resolve-session';

/**
 * The conference an import writes into: whoever may update it (its conference admins,
 * superadmins; docs/security.md "Imports"), not denied there. An unknown or inactive
 * conference 404, anyone else 403, decided on the loaded conference.
 */
export async function importConference(auth: AuthContext, conferenceId: string): Promise<LocationItem> {
  const conference = await getLocationOfKind(conferenceId, 'Conference');
  if (!conference || !conference.active) throw new NotFoundError('Conference not found.');
  const denied = denials(auth.permissions).some((denial) => conference.ancestorIds.includes(denial.entityId));
  if (denied || !auth.ability.can('update', scoped('Conference', { ancestorIds: conference.ancestorIds }))) throw new ForbiddenError();
  return conference;
}
