import type { ServiceRoutes } from '../../lib/http/service-handler';
import type { dashboardContracts } from '../../../shared/api/dashboard';
import { readDashboard } from '../../core/dashboard/dashboard-read';
import { readWaitingPage } from '../../core/dashboard/waiting-read';
import { readEnrolledPage } from '../../core/dashboard/enrolled-read';
import { exportDashboard } from '../../core/exports/dashboard-export';

/** The conference service's dashboard routes (shared/api/dashboard.ts). */
export const dashboardRoutes: ServiceRoutes<typeof dashboardContracts> = {
  dashboard: async ({ auth, params }) => readDashboard(auth, params.scopeId),
  dashboardWaiting: async ({ auth, params, query }) => readWaitingPage(auth, params.scopeId, query),
  dashboardEnrolments: async ({ auth, params, query }) => readEnrolledPage(auth, params.scopeId, query),
  dashboardExport: async ({ auth, params, query }) => exportDashboard(auth, params.scopeId, query.format),
};
