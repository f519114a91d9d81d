import { config } from '../../lib/config';

/**
 * A session ends at the first of: its absolute expiry (SESSION_DAYS after sign-in), or
 * SESSION_IDLE_HOURS after it was last seen. `lastSeenAt` is refreshed at most every
 * TOUCH_INTERVAL_MS, so most requests still cost one read and no write.
 */
export const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface SessionTimes {
  createdAt: string;
  expiresAt: string;
  lastSeenAt?: string;
}

const idleMs = () => config.sessionIdleHours * 3600 * 1000;

export function lastSeenMs(session: SessionTimes): number {
  return Date.parse(session.lastSeenAt ?? session.createdAt);
}

export function sessionIsLive(session: SessionTimes, now = Date.now()): boolean {
  return Date.parse(session.expiresAt) > now && lastSeenMs(session) + idleMs() > now;
}

export function sessionNeedsTouch(session: SessionTimes, now = Date.now()): boolean {
  return now - lastSeenMs(session) >= TOUCH_INTERVAL_MS;
}

/** TTL (epoch seconds): DynamoDB removes the item once it is expired or idle, whichever comes first. */
export function sessionTtl(expiresAtMs: number, lastSeenAtMs: number): number {
  return Math.floor(Math.min(expiresAtMs, lastSeenAtMs + idleMs()) / 1000);
}
