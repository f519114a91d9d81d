import { DEMO_LOCATION_IDS as ids } from '../../functions/db/seed/demo-organisation';
import { AS } from './accounts';
import { benchCase, type BenchCase } from './bench-case';
import { createLocations, deactivateLocations } from './fixtures';

/**
 * The second factor's routes and `job.get`. Setting up an authenticator app needs a session
 * without a second factor and the provider's token: integration and Playwright tests cover it.
 */
export const SESSION_CASES: Record<string, BenchCase> = {
  'security.logoutEverywhere': { path: '/api/security/logout-everywhere', skip: 'ends every session of its caller, the benchmark’s included (integration tests cover it)' },
  'security.secondFactor': { as: AS.superadmin, path: '/api/security/mfa', singleItem: true },
  'security.beginAuthenticatorSetup': { path: '/api/security/mfa/setup', skip: 'needs a session still without a second factor and its provider token (integration and Playwright tests cover it)' },
  'security.verifyAuthenticatorSetup': { path: '/api/security/mfa/verify', skip: 'needs a fresh authenticator code per call (integration and Playwright tests cover it)' },
  // A job to read: moving a church to another district starts one (location.move).
  'job.get': benchCase<{ jobId: string; churchId: string }>({
    as: AS.superadmin,
    path: '/api/job/{id}',
    singleItem: true,
    prepare: async (ctx) => {
      const [churchId] = await createLocations(ctx, 'church', ids.district3, 1, 'job');
      const church = await ctx.api<{ version: number }>(AS.superadmin, 'GET', `/api/church/${churchId}`);
      const moved = await ctx.api<{ jobId?: string }>(AS.superadmin, 'PATCH', `/api/church/${churchId}`, { version: church.version, parentId: ids.district1 });
      if (!moved.jobId) throw new Error('Moving a church started no job');
      return { jobId: moved.jobId, churchId };
    },
    each: (_call, prepared) => ({ path: `/api/job/${prepared.jobId}` }),
    cleanUp: (ctx, prepared) => deactivateLocations(ctx, 'church', [prepared.churchId]),
  }),
};
