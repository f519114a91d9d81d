import { createHash } from 'node:crypto';
import { USER_ALIASES_MAX } from '../../../shared/api/limits';
import type { AliasView } from '../../../shared/schemas/user-labels';
import { normaliseTerm } from '../../db/directory';
import { db } from '../../db/service';
import { BusinessRuleError, StaleVersionError } from '../../lib/errors';
import type { AuthContext } from '../session/resolve-session';
import { labelledUser, seenUser } from './labelled-user';
import { transact, transactUnlessStale } from '../../db/transact';
import { personEntry } from '../records/audit-records';

/**
 * Aliases (SPEC.md sections 3 and 7): other names a user is known by, in the user's
 * partition. An alias's id is derived from the user and the alias as people read it, so one
 * alias is one item: adding it twice (or twice at once) leaves one, without a prior read.
 */
export const TOO_MANY_ALIASES = `A user has at most ${USER_ALIASES_MAX} aliases.`;

function aliasIdOf(userId: string, alias: string): string {
  return `alias-${createHash('sha256').update(`${userId}\u0000${normaliseTerm(alias)}`).digest('hex').slice(0, 32)}`;
}

async function aliasesOf(userId: string, consistent = false) {
  const { data } = await db().entities.alias.query.byUser({ userId }).go({ consistent, limit: USER_ALIASES_MAX + 1, count: USER_ALIASES_MAX + 1 });
  return data;
}

const aliasView = (item: { aliasId: string; alias: string }): AliasView => ({ id: item.aliasId, alias: item.alias });

export async function userAliases(auth: AuthContext, userId: string): Promise<AliasView[]> {
  await seenUser(auth, userId);
  return (await aliasesOf(userId))
    .slice(0, USER_ALIASES_MAX)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map(aliasView);
}

export async function addAlias(auth: AuthContext, userId: string, alias: string): Promise<AliasView> {
  const target = await labelledUser(auth, userId);
  const aliasId = aliasIdOf(userId, alias);
  const current = await aliasesOf(userId, true);
  // By text too: an alias moved here by a merge keeps the id it had.
  const same = current.find((item) => item.aliasId === aliasId || normaliseTerm(item.alias) === normaliseTerm(alias));
  if (same) return aliasView(same);
  if (current.length >= USER_ALIASES_MAX) throw new BusinessRuleError(TOO_MANY_ALIASES);
  // Created only if absent: of two identical adds at once one writes the alias and its audit entry, the other nothing.
  try {
    await transact([(tx) => tx.alias.create({ userId, aliasId, alias }).commit(), personEntry(auth, target, 'user.alias.added', 'aliases', [{ field: 'alias', after: alias }])]);
  } catch (error) {
    if (!(error instanceof StaleVersionError)) throw error;
  }
  return { id: aliasId, alias };
}

/** The alias is read first (one GetItem) for its text in the audit entry; the delete is conditioned on it. */
export async function removeAlias(auth: AuthContext, userId: string, aliasId: string): Promise<{ removed: boolean }> {
  const target = await labelledUser(auth, userId);
  const { data: item } = await db().entities.alias.get({ userId, aliasId }).go({ consistent: true });
  if (!item) return { removed: false };
  const removed = await transactUnlessStale([
    (tx) => tx.alias.delete({ userId, aliasId }).where(({ aliasId: stored }, { exists }) => exists(stored)).commit(),
    personEntry(auth, target, 'user.alias.removed', 'aliases', [{ field: 'alias', before: item.alias }]),
  ]);
  return { removed };
}
