import { loadUserAggregate } from '../../functions/db/access/user-aggregate';
import { db } from '../../functions/db/service';
import { authContextOf, type AuthContext } from '../../functions/core/session/resolve-session';
import { demoUser } from './session';

/** The audit coverage tests' helpers (issue 25): a demo caller, a chain's entries, the entries one write added. */
export async function callerOf(email: string): Promise<AuthContext> {
  const aggregate = (await loadUserAggregate(demoUser(email).id))!;
  return authContextOf(aggregate, { sessionId: 'test-session', secondFactor: true });
}

export async function entriesOf(chain: string) {
  const { data } = await db().entities.auditEntry.query.byChain({ chainId: chain }).go({ consistent: true, limit: 1000 });
  return data;
}

/** Runs the write and returns the entries it added to the chain (exactly the new ones). */
export async function added(chain: string, write: () => Promise<unknown>) {
  const before = new Set((await entriesOf(chain)).map((entry) => entry.entryId));
  await write();
  return (await entriesOf(chain)).filter((entry) => !before.has(entry.entryId));
}
