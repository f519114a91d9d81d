/**
 * The expected answer of every contract for every system role (ARCHITECTURE.md section 7).
 * Columns: `own` = the role acting in its own scope; `other` = the same call aimed at data
 * outside its scope (another user's, another location's); `anonymous` = no session.
 * A number applies to every role; an object names roles whose answer differs.
 * 'e2e' marks the sign-in redirects, which need a live provider round trip and are covered
 * by the Playwright suite. A contract with no row fails the matrix test.
 */
export type Expected = number | 'e2e';
export interface MatrixRow {
  own: Expected | Partial<Record<string, Expected>> & { default: Expected };
  other: Expected | Partial<Record<string, Expected>> & { default: Expected };
  anonymous: Expected;
}

export const EXPECTED_MATRIX: Record<string, MatrixRow> = {
  'app.health': { own: 200, other: 200, anonymous: 200 },
  'app.openapi': { own: 200, other: 200, anonymous: 200 },
  'security.loginSpa': { own: 'e2e', other: 'e2e', anonymous: 'e2e' },
  'security.login': { own: 'e2e', other: 'e2e', anonymous: 'e2e' },
  'security.authenticate': { own: 'e2e', other: 'e2e', anonymous: 'e2e' },
  'security.logout': { own: 200, other: 200, anonymous: 200 },
  'user.current': { own: 200, other: 200, anonymous: 401 },
  'user.abilities': { own: 200, other: 200, anonymous: 401 },
  'notification.userNotifications': { own: 200, other: 200, anonymous: 401 },
  // Another user's notification is not found under the caller's key: its existence stays private.
  'notification.setRead': { own: 200, other: 404, anonymous: 401 },
  'notification.bulkSetRead': { own: 200, other: 403, anonymous: 401 },
  'announcement.announcements': { own: 200, other: 200, anonymous: 401 },
};
