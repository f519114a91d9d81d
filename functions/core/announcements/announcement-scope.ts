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
import { conferencesBelow } from '../locations/conferences-below';
import { db } from '../../db/service';

/**
 * Who may do what with announcements (docs/security.md): the audience is a place like a
 * track's (a conference, or the System root for everyone), and the ability decides on it:
 * a superadmin everywhere; a conference admin (or a custom role granting Announcement) at
 * the conferences they govern, or under a jurisdiction or episcopal area where they hold it).
 * Everyone signed in is shown everyone's and those of their conferences while they are live
 * (audiencesOf), whatever their roles: the conferences of their places and of their churches.
 */
export type AnnouncementCaller = Pick<AuthContext, 'userId' | 'ability' | 'roles' | 'permissions' | 'isSuperadmin'>;

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
  if (!(await audiencesOf(auth)).includes(item.conferenceId)) throw new ForbiddenError();
  if (item.startsAt > now || item.endsKey <= now) throw new NotFoundError(NOT_FOUND);
  return item;
}

/**
 * The conference chains (outermost first) of these places that pass `accept`, distinct, at most
 * AUDIENCES_MAX: a place at or below a conference gives its conference; a jurisdiction or an
 * episcopal area gives the conferences under it (conferencesBelow: one Query each).
 */
async function conferenceChains(places: ReadonlyArray<{ ancestorIds: string[] }>, accept: (chain: string[]) => boolean): Promise<string[][]> {
  const below = await conferencesBelow(places, AUDIENCES_MAX);
  const chains = [...places.map((place) => place.ancestorIds.slice(0, CONFERENCE_DEPTH + 1)), ...below.map((conference) => conference.chain)];
  const byId = new Map<string, string[]>();
  for (const chain of chains) {
    if (chain.length === CONFERENCE_DEPTH + 1 && !byId.has(chain[CONFERENCE_DEPTH]) && accept(chain)) byId.set(chain[CONFERENCE_DEPTH], chain);
  }
  return [...byId.values()].slice(0, AUDIENCES_MAX);
}

/**
 * The conferences whose announcements the caller manages (the Announcements tab), or
 * 'everywhere' for a superadmin: those of their grants at which a role of theirs allows
 * updating announcements (a grant at a jurisdiction or an episcopal area: the conferences
 * under it), denials applied by the ability.
 */
export async function managedConferences(auth: AnnouncementCaller): Promise<string[] | 'everywhere'> {
  if (auth.isSuperadmin) return 'everywhere';
  const at = grantsAllowing(auth, 'update', 'Announcement');
  if (at === 'everywhere') return 'everywhere';
  return (await conferenceChains(at, (chain) => mayActOnAnnouncement(auth, 'update', { ancestorIds: chain }))).map((chain) => chain[CONFERENCE_DEPTH]);
}

/** Church memberships read for the audience (a person belongs to a few churches). */
const MEMBERSHIPS_MAX = 25;

/**
 * The audiences whose current announcements the shell shows the caller: everyone's, and their
 * conferences': those of their conference, district and church permissions, the conferences
 * under a jurisdiction or episcopal area they are placed at, and the conferences of the churches
 * they are active members of (one Query of their memberships). Denied places are left out.
 */
export async function audiencesOf(auth: AnnouncementCaller): Promise<string[]> {
  const denied = deniedIds(auth.permissions);
  const { data: memberships } = await db().entities.churchMembership.query.byUser({ userId: auth.userId }).go({ limit: MEMBERSHIPS_MAX });
  const places = [...grants(auth.permissions), ...memberships.filter((membership) => membership.active)];
  const chains = await conferenceChains(places, (chain) => !chain.some((id) => denied.has(id)));
  return [SYSTEM_LOCATION_ID, ...chains.map((chain) => chain[CONFERENCE_DEPTH])];
}
