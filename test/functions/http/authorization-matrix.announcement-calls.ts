import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { endsKeyOf } from '../../../functions/db/access/announcements';
import type { MatrixCall } from './authorization-matrix.calls';
import type { Actor, Target } from './authorization-matrix.fixtures';

type CallBuilder = (target: Target, tag: string, actor: Actor) => MatrixCall | Promise<MatrixCall>;

const yesterday = () => new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();

/** A live announcement for the target's conference, written straight to the table. */
async function throwawayAnnouncement(t: Target, tag: string): Promise<string> {
  const announcementId = newId();
  await db()
    .entities.announcement.create({ announcementId, message: `Matrix ${tag}`, conferenceId: t.chain.Conference, startsAt: yesterday(), endsKey: endsKeyOf(null) })
    .go();
  return announcementId;
}

const shared = new Map<string, Promise<string>>();
const announcementIn = (t: Target) => {
  if (!shared.has(t.chain.Conference)) shared.set(t.chain.Conference, throwawayAnnouncement(t, `shared ${t.chain.Conference}`));
  return shared.get(t.chain.Conference)!;
};

async function versionOf(announcementId: string): Promise<number> {
  const { data } = await db().entities.announcement.get({ announcementId }).go({ consistent: true });
  return data?.version ?? 1;
}

async function userVersion(userId: string): Promise<number> {
  const { data } = await db().entities.user.get({ userId }).go({ consistent: true });
  return data?.version ?? 1;
}

/** Announcements: own = one for the actor's conference, other = another conference's. Publish: own = the actor's district, other = the other side's. */
export const ANNOUNCEMENT_CALLS: Record<string, CallBuilder> = {
  'announcement.create': (t, tag) => ({ path: '/api/announcement', method: 'POST', body: { title: `Matrix ${tag}`, message: `Matrix ${tag}`, conferenceId: t.chain.Conference, startsAt: yesterday() } }),
  'announcement.list': () => ({ path: '/api/announcement' }),
  'announcement.quickSearch': () => ({ path: '/api/announcement/quickSearch' }),
  'announcement.get': async (t) => ({ path: `/api/announcement/${await announcementIn(t)}` }),
  'announcement.updateById': async (t, tag) => {
    const id = await announcementIn(t);
    return { path: `/api/announcement/${id}`, method: 'PATCH', body: { message: `Matrix ${tag}`, version: await versionOf(id) } };
  },
  'announcement.removeById': async (t, tag) => ({ path: `/api/announcement/${await throwawayAnnouncement(t, tag)}`, method: 'DELETE' }),
  'notification.publish': (t, tag) => ({ path: '/api/notification/publish', method: 'POST', body: { message: `Matrix ${tag}`, locationId: t.chain.District } }),
  // Only ever the caller's own channels.
  'notification.subscribe': async (_t, _tag, actor) => ({ path: '/api/notification/subscribe', method: 'POST', body: { emailNotificationsOptIn: true, version: await userVersion(actor.userId) } }),
};
