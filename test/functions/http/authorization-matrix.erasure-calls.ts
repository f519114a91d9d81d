import { putTestUser } from '../../support/test-users';
import type { MatrixCall } from './authorization-matrix.calls';
import type { Actor, Target } from './authorization-matrix.fixtures';

type CallBuilder = (target: Target, tag: string, actor: Actor) => MatrixCall | Promise<MatrixCall>;

/** Erasure (rows in authorization-matrix.erasure-expected.ts): the target person's preview; an erasure of a fresh person at the target's church per call (it is for good). */
export const ERASURE_CALLS: Record<string, CallBuilder> = {
  'user.erasurePreview': (t) => ({ path: `/api/user/user-profile/${t.userId}/erasure` }),
  'user.erase': async (t, tag) => ({
    path: `/api/user/user-profile/${await putTestUser({ firstName: 'Matrix', lastName: tag, locationId: t.chain.Church })}/erase`,
    method: 'POST',
    body: { fullName: `Matrix ${tag}`, version: 1 },
  }),
};
