import type { ExportFormat } from '@shared/schemas/table-export';
import { call } from '../../lib/api/client';
import { routes } from '../../lib/api/routes';

/** A place's dashboard figures as a file (always small: in the answer). */
export const exportDashboard = (scopeId: string, format: ExportFormat) => call(routes.conference.dashboardExport, { params: { scopeId }, query: { format } });
