import { db } from '../../../functions/db/service';
import { readRetentionPolicy } from '../../../functions/core/retention/retention-policy';
import type { MatrixCall } from './authorization-matrix.calls';
import type { Actor, Target } from './authorization-matrix.fixtures';

type CallBuilder = (target: Target, tag: string, actor: Actor) => MatrixCall | Promise<MatrixCall>;

/** The hold of the target person as a call needs it: lifted (to place again) or in force (to lift), written straight to the table. */
export async function holdOf(userId: string, active: boolean): Promise<number> {
  const key = { recordKind: 'User' as const, recordId: userId };
  const { data } = await db().entities.legalHold.get(key).go({ consistent: true });
  const version = (data?.version ?? 0) + 1;
  const now = new Date().toISOString();
  await db().entities.legalHold.put({ ...key, conferenceId: data?.conferenceId ?? 'matrix', subject: 'Matrix', reason: 'Matrix', active, placedBy: 'matrix', placedAt: now, version }).go();
  return version;
}

/** Retention and legal holds (rows in authorization-matrix.retention-expected.ts): the target's conference, and the target person's hold. */
export const RETENTION_CALLS: Record<string, CallBuilder> = {
  'conference.retentionPolicy': (t) => ({ path: `/api/conference/retention/${t.chain.Conference}` }),
  // The periods as they are, on the version read: a save that changes nothing, so every actor may repeat it.
  'conference.updateRetentionPolicy': async (t) => {
    const policy = await readRetentionPolicy(t.chain.Conference);
    return { path: `/api/conference/retention/${t.chain.Conference}`, method: 'PUT', body: { periods: policy.periods, version: policy.version } };
  },
  'conference.retentionPreview': (t) => ({ path: `/api/conference/retention/${t.chain.Conference}/preview` }),
  'conference.legalHolds': (t) => ({ path: `/api/conference/retention/${t.chain.Conference}/holds` }),
  'conference.legalHold': (t) => ({ path: `/api/conference/legal-holds/User/${t.userId}` }),
  'conference.placeLegalHold': async (t) => ({ path: `/api/conference/legal-holds/User/${t.userId}`, method: 'POST', body: { reason: 'Matrix', version: await holdOf(t.userId, false) } }),
  'conference.liftLegalHold': async (t) => ({ path: `/api/conference/legal-holds/User/${t.userId}/lift`, method: 'POST', body: { version: await holdOf(t.userId, true) } }),
};
