import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import type { MatrixCall } from './authorization-matrix.calls';
import type { Actor, Target } from './authorization-matrix.fixtures';

type CallBuilder = (target: Target, tag: string, actor: Actor) => MatrixCall | Promise<MatrixCall>;

/** A track written straight to the table in the target's conference (the routes under test are not used to set up). */
async function throwawayTrack(conferenceId: string, tag: string, disabled = false): Promise<string> {
  const trackTemplateId = `matrix-track-${newId().toLowerCase()}`;
  await db()
    .entities.trackTemplate.create({ trackTemplateId, name: `Matrix track ${tag}`, description: 'Matrix', conferenceId, disabled, status: disabled ? 'inactive' : 'active' })
    .go();
  return trackTemplateId;
}

const sharedTracks = new Map<string, Promise<string>>();

/** One track per conference for the reads and the versioned edits. */
function trackIn(conferenceId: string): Promise<string> {
  if (!sharedTracks.has(conferenceId)) sharedTracks.set(conferenceId, throwawayTrack(conferenceId, `shared ${conferenceId}`));
  return sharedTracks.get(conferenceId)!;
}

async function trackVersion(trackTemplateId: string): Promise<number> {
  const { data } = await db().entities.trackTemplate.get({ trackTemplateId }).go({ consistent: true });
  return data?.version ?? 1;
}

/** The track routes, aimed at the target's conference (own: the actor's; other: outside it). */
export const TRACK_CALLS: Record<string, CallBuilder> = {
  'track.create': (t, tag) => ({ path: '/api/track/create-track-template', method: 'POST', body: { name: `Matrix ${tag}`, description: 'Matrix track', conferenceId: t.chain.Conference } }),
  'track.update': async (t) => {
    const id = await trackIn(t.chain.Conference);
    return { path: `/api/track/update-track-template/${id}`, method: 'PATCH', body: { description: 'Matrix track edited', version: await trackVersion(id) } };
  },
  'track.trackTemplate': async (t) => ({ path: `/api/track/track-template/${await trackIn(t.chain.Conference)}` }),
  'track.deactivate': async (t, tag) => ({ path: `/api/track/deactivate-track/${await throwawayTrack(t.chain.Conference, tag)}`, method: 'POST' }),
  'track.reactivate': async (t, tag) => ({ path: `/api/track/reactivate-track/${await throwawayTrack(t.chain.Conference, tag, true)}`, method: 'POST' }),
  'track.remove': async (t, tag) => ({ path: `/api/track/delete-track/${await throwawayTrack(t.chain.Conference, tag)}`, method: 'POST' }),
  'track.isSystemTrackWithCopies': async (t) => ({ path: `/api/track/is-system-track-with-copies/${await trackIn(t.chain.Conference)}` }),
  'track.byConference': (t) => ({ path: `/api/track/track-templates/conference/${t.chain.Conference}` }),
  'track.quickSearch': (t) => ({ path: '/api/track/quickSearch', query: `where[conferenceId]=${t.chain.Conference}` }),
};
