/**
 * How the benchmark calls each implemented route: as whom, with which arguments.
 * A contract with no case here makes the benchmark fail, so new routes get measured.
 */
export interface BenchCase {
  as?: string; // demo account email; none = no session
  path: string | ((ctx: BenchContext) => string | Promise<string>);
  query?: string;
  method?: string;
  /** Routes that cannot be measured in a loop, with the reason shown in the report. */
  skip?: string;
  /** Single-item routes are held to the p99 budget of ARCHITECTURE.md section 12. */
  singleItem?: boolean;
}

export interface BenchContext {
  userId(email: string): string;
  firstNotificationId(email: string): Promise<string>;
}

export const BENCH_CASES: Record<string, BenchCase> = {
  'app.health': { path: '/api/app/health', singleItem: true },
  'app.openapi': { path: '/api/app/openapi.json' },
  'security.loginSpa': { path: '/api/security/login/spa', query: 'redirect-uri=%2Ftracks', singleItem: true },
  'security.login': { path: '/api/security/login', query: 'redirect-uri=%2Ftracks', singleItem: true },
  'security.authenticate': { path: '/api/security/authenticate', skip: 'needs a fresh provider code per call (covered end to end by Playwright)' },
  'security.logout': { path: '/api/security/logout', skip: 'ends the session it measures; one call is counted below' },
  'user.current': { as: 'participant@example.org', path: '/api/user/user', singleItem: true },
  'user.abilities': { as: 'conference.admin@example.org', path: '/api/user/abilities', singleItem: true },
  'notification.userNotifications': { as: 'participant@example.org', path: '/api/notification/user-notifications', query: 'limit=5&offset=0' },
  'notification.setRead': {
    as: 'participant@example.org',
    method: 'PUT',
    path: async (ctx) => `/api/notification/${await ctx.firstNotificationId('participant@example.org')}/isread/true`,
    singleItem: true,
  },
  'notification.bulkSetRead': {
    as: 'superadmin@example.org',
    method: 'PUT',
    path: (ctx) => `/api/notification/user/${ctx.userId('superadmin@example.org')}/bulk-isread/true`,
  },
  'announcement.announcements': { as: 'mentor@example.org', path: '/api/announcement/announcements' },
};
