import { randomBytes } from 'node:crypto';

/**
 * The cookie holds `<userId>.<sessionId>`: opaque to the browser, and it lets the server
 * load the user, roles, permissions and the session item in one Query of the user's partition.
 */
const TOKEN = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{32,128})$/;

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export function formatSessionToken(userId: string, sessionId: string): string {
  return `${userId}.${sessionId}`;
}

export function parseSessionToken(token: string): { userId: string; sessionId: string } | null {
  const match = TOKEN.exec(token);
  return match ? { userId: match[1], sessionId: match[2] } : null;
}
