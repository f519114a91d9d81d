import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import type { MatrixCall } from './authorization-matrix.calls';
import type { Actor, Target } from './authorization-matrix.fixtures';

type CallBuilder = (target: Target, tag: string, actor: Actor) => MatrixCall | Promise<MatrixCall>;

const tracks = new Map<string, Promise<string>>();

/** One track per conference holding the matrix's groups, written straight to the table. */
function trackIn(conferenceId: string): Promise<string> {
  if (!tracks.has(conferenceId)) {
    const trackTemplateId = `matrix-group-track-${newId().toLowerCase()}`;
    tracks.set(
      conferenceId,
      db()
        .entities.trackTemplate.create({ trackTemplateId, name: `Matrix group track ${conferenceId}`, description: 'Matrix', conferenceId })
        .go()
        .then(() => trackTemplateId),
    );
  }
  return tracks.get(conferenceId)!;
}

/** A group of the target's conference on its conference's track (no members). */
async function throwawayGroup(t: Target, tag: string): Promise<string> {
  const userGroupId = `matrix-group-${newId().toLowerCase()}`;
  await db()
    .entities.userGroup.create({ userGroupId, name: `Matrix group ${tag}`, description: 'Matrix', conferenceId: t.chain.Conference, trackTemplateId: await trackIn(t.chain.Conference), memberCount: 0 })
    .go();
  return userGroupId;
}

const shared = new Map<string, Promise<string>>();
const groupIn = (t: Target) => {
  if (!shared.has(t.chain.Conference)) shared.set(t.chain.Conference, throwawayGroup(t, `shared ${t.chain.Conference}`));
  return shared.get(t.chain.Conference)!;
};

async function groupVersion(userGroupId: string): Promise<number> {
  const { data } = await db().entities.userGroup.get({ userGroupId }).go({ consistent: true });
  return data?.version ?? 1;
}

const where = async (t: Target) => `where[trackTemplateId]=${await trackIn(t.chain.Conference)}`;
const input = (t: Target, tag: string) => ({ name: `Matrix ${tag}`, description: 'Matrix group', conferenceId: t.chain.Conference, users: [{ id: '' }] });

/** Interview groups: own = a group of the actor's conference on its track, other = another conference's. */
export const GROUP_CALLS: Record<string, CallBuilder> = {
  'user-group.list': async (t) => ({ path: '/api/user-group', query: await where(t) }),
  'user-group.quickSearch': async (t) => ({ path: '/api/user-group/quickSearch', query: `${await where(t)}&isQuickSearch=true` }),
  'user-group.count': async (t) => ({ path: '/api/user-group/count', query: await where(t) }),
  'user-group.query': async (t) => ({ path: '/api/user-group/query', method: 'POST', body: { where: { trackTemplateId: await trackIn(t.chain.Conference) } } }),
  'user-group.search': async (t) => ({ path: '/api/user-group/search', method: 'POST', body: { where: { trackTemplateId: await trackIn(t.chain.Conference), name: 'matrix' } } }),
  'user-group.get': async (t) => ({ path: `/api/user-group/${await groupIn(t)}` }),
  'user-group.create': async (t, tag) => ({ path: '/api/user-group', method: 'POST', body: { ...input(t, tag), trackTemplateId: await trackIn(t.chain.Conference) } }),
  'user-group.bulk': async (t, tag) => ({ path: '/api/user-group/bulk', method: 'POST', body: [{ ...input(t, tag), trackTemplateId: await trackIn(t.chain.Conference) }] }),
  'user-group.updateById': async (t, tag) => {
    const id = await groupIn(t);
    return { path: `/api/user-group/${id}`, method: 'PATCH', body: { ...input(t, tag), version: await groupVersion(id) } };
  },
  'user-group.update': async (t, tag) => {
    const id = await groupIn(t);
    return { path: '/api/user-group', method: 'PATCH', body: { ...input(t, tag), id, version: await groupVersion(id) } };
  },
  'user-group.removeById': async (t, tag) => ({ path: `/api/user-group/${await throwawayGroup(t, tag)}`, method: 'DELETE' }),
  'user-group.remove': async (t, tag) => ({ path: '/api/user-group', method: 'DELETE', body: { id: await throwawayGroup(t, tag) } }),
};
