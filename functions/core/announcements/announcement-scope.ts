import { scoped } from '../../../shared/auth/ability';
import { deniedIds, grants } from '../../../shared/auth/permissions';
import { grantsAllowing } from '../../../shared/auth/role-scope';
import type { Action } from '../../../shared/auth/vocabulary';
import { LOCATION_KINDS } from '../../../shared/auth/vocabulary';
import { SYSTEM_LOCATION_ID } from '../../db/entities/location';
import { getAnnouncement, type AnnouncementItem } from '../../db/access/announcements';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { AuthContext } from '../session/resolve-session';
import { placeNamed, placeOf, type TrackPlace } from '../tracks/track-scope';

/**
 * Who may do what with announcements (docs/security.md): the audience is a place like a
 * track's (a conference, or the System root for everyone), and the ability decides on it:
 * a superadmin everywhere; a conference admin (or a custom role granting Announcement) at
 * the conferences they govern. Everyone signed in is shown everyone's and those of their
 * conferences while they are live (audiencesOf), whatever their roles.
 */
export type AnnouncementCaller = Pick<AuthContext, 'ability' | 'roles' | 'permissions' | 'isSuperadmin'>;

const CONFERENCE_DEPTH = LOCATION_KINDS.indexOf('Conference');
/** Conferences one caller's lists read (a partition each): far more than anyone holds. */
export const AUDIENCES_MAX = 20;

export const NOT_FOUND = 'Announcement not found.';

export function mayActOnAnnouncement(auth: AnnouncementCaller, action: Action, place: Pick<TrackPlace, 'ancestorIds'>): boolean {
  return auth.ability.can(action, scoped('Announcement', { ancestorIds: place.ancestorIds }));
}

/** The audience a client names (null: everyone) as a place; an unknown or inactive conference is a field message. */
export const audiencePlace = (conferenceId: string | null) => placeNamed(conferenceId ?? SYSTEM_LOCATION_ID);

export function assertMayAct(auth: AnnouncementCaller, action: Action, place: Pick<TrackPlace, 'ancestorIds'>): void {
  if (!mayActOnAnnouncement(auth, action, place)) throw new ForbiddenError();
}

/** An announcement the caller manages (`action` where it is): 404 when missing, 403 when out of reach. */
export async function requireAnnouncement(auth: AnnouncementCaller, announcementId: string, action: Action): Promise<{ item: AnnouncementItem; place: TrackPlace }> {
  const item = await getAnnouncement(announcementId);
  if (!item) throw new NotFoundError(NOT_FOUND);
  const place = await placeOf(item);
  assertMayAct(auth, action, place);
  return { item, place };
}

/**
 * An announcement the caller may read: one they manage in any state; one of their audiences
 * only while it is live (a scheduled message is not told early: 404); anything else 403.
 */
export async function requireReadable(auth: AnnouncementCaller, announcementId: string, now: string): Promise<AnnouncementItem> {
  const item = await getAnnouncement(announcementId);
  if (!item) throw new NotFoundError(NOT_FOUND);
  if (mayActOnAnnouncement(auth, 'update', await placeOf(item))) return item;
  if (!audiencesOf(auth).includes(item.conferenceId)) throw new ForbiddenError();
  if (item.startsAt > now || item.endsKey <= now) throw new NotFoundError(NOT_FOUND);
  return item;
}

/** The conference chains (outermost first) in the caller's permissions that pass `accept`, distinct, at most AUDIENCES_MAX. */
function conferenceChains(permissions: ReadonlyArray<{ ancestorIds: string[] }>, accept: (chain: string[]) => boolean): string[][] {
  const byId = new Map<string, string[]>();
  for (const permission of permissions) {
    const chain = permission.ancestorIds.slice(0, CONFERENCE_DEPTH + 1);
    if (chain.length === CONFERENCE_DEPTH + 1 && !byId.has(chain[CONFERENCE_DEPTH]) && accept(chain)) byId.set(chain[CONFERENCE_DEPTH], chain);
  }
  return [...byId.values()].slice(0, AUDIENCES_MAX);
}

/**
 * The conferences whose announcements the caller manages (the Announcements tab), or
 * 'everywhere' for a superadmin: those of their grants at which a role of theirs allows
 * updating announcements, denials applied by the ability.
 */
export function managedConferences(auth: AnnouncementCaller): string[] | 'everywhere' {
  if (auth.isSuperadmin) return 'everywhere';
  const at = grantsAllowing(auth, 'update', 'Announcement');
  if (at === 'everywhere') return 'everywhere';
  return conferenceChains(at, (chain) => mayActOnAnnouncement(auth, 'update', { ancestorIds: chain })).map((chain) => chain[CONFERENCE_DEPTH]);
}

/** The audiences whose current announcements the shell shows the caller: everyone's, and their conferences' (those of their conference, district and church permissions). */
export function audiencesOf(auth: AnnouncementCaller): string[] {
  const denied = deniedIds(auth.permissions);
  const chains = conferenceChains(grants(auth.permissions), (chain) => !chain.some((id) => denied.has(id)));
  return [SYSTEM_LOCATION_ID, ...chains.map((chain) => chain[CONFERENCE_DEPTH])];
}
