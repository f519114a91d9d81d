import { timingSafeEqual } from 'node:crypto';
import { loadUserAggregate } from '../../db/access/user-aggregate';
import { loadRoles, type RoleDefinition } from '../../db/access/role-cache';
import { rulesFor } from '../../../shared/auth/rules';
import { buildAbility, type AppAbility } from '../../../shared/auth/ability';
import { secondFactorRequired } from '../../../shared/auth/mfa';
import type { AbilityRuleView } from '../../../shared/schemas/ability';
import { parseSessionToken } from './session-token';
import { sessionIsLive, sessionNeedsTouch, sessionTtl } from './session-times';
import { db } from '../../db/service';
import { isConditionFailure } from '../../db/versioned';

type Aggregate = NonNullable<Awaited<ReturnType<typeof loadUserAggregate>>>;

export interface AuthContext {
  userId: string;
  sessionId: string;
  user: Aggregate['user'];
  roles: RoleDefinition[];
  permissions: Aggregate['permissions'];
  rules: AbilityRuleView[];
  ability: AppAbility;
  isSuperadmin: boolean;
  /** This session's sign-in proved a second factor, or it set up an authenticator app since. */
  secondFactor: boolean;
  /** The user holds a role that needs a second factor (shared/auth/mfa.ts); checked on every request. */
  secondFactorRequired: boolean;
  /** The provider's sealed access token while the session may still set up an authenticator app. */
  sealedAccessToken: string | undefined;
}

/**
 * Cookie -> session -> user -> roles -> ability. One Query reads the user's partition
 * (profile, roles, permissions, sessions); role definitions come from a short-lived cache.
 * An inactive user or an expired, idle or deleted session gives no context.
 */
export async function resolveSession(token: string): Promise<AuthContext | null> {
  const parsed = parseSessionToken(token);
  if (!parsed) return null;
  const aggregate = await loadUserAggregate(parsed.userId);
  if (!aggregate || aggregate.user.inactive) return null;
  const session = aggregate.sessions.find((s) => sameSecret(s.sessionId, parsed.sessionId));
  if (!session || !sessionIsLive(session)) return null;
  if (sessionNeedsTouch(session)) await touchSession(session);
  return authContextOf(aggregate, session);
}

/** A user's context from their aggregate and a session (the demo seed acts as people through the app's functions with one of its own). */
export async function authContextOf(aggregate: Aggregate, session: { sessionId: string; secondFactor?: boolean; sealedAccessToken?: string }): Promise<AuthContext> {
  const roles = await loadRoles(aggregate.roles.map((r) => r.roleId));
  const rules = rulesFor({
    userId: aggregate.user.userId,
    roles: roles.map((r) => ({ name: r.name, system: r.system, policies: r.policies })),
    permissions: aggregate.permissions,
  }) as AbilityRuleView[];
  return {
    userId: aggregate.user.userId,
    sessionId: session.sessionId,
    user: aggregate.user,
    roles,
    permissions: aggregate.permissions,
    rules,
    ability: buildAbility(rules as never),
    isSuperadmin: roles.some((r) => r.system && r.name === 'Superadmin'),
    secondFactor: Boolean(session.secondFactor),
    secondFactorRequired: secondFactorRequired(roles),
    sealedAccessToken: session.sealedAccessToken,
  };
}

/** Moves the idle deadline on. `patch` never recreates a session ended meanwhile. */
async function touchSession(session: Aggregate['sessions'][number]): Promise<void> {
  const now = Date.now();
  try {
    await db()
      .entities.session.patch({ userId: session.userId, sessionId: session.sessionId })
      .set({ lastSeenAt: new Date(now).toISOString(), ttl: sessionTtl(Date.parse(session.expiresAt), now) })
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
