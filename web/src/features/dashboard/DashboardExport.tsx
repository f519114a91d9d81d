import { ExportMenu } from '../../lib/exports/ExportMenu';
import { exportDashboard } from './dashboard-export-api';

/** "Export" of the dashboard on screen: each of its figures' tables as a sheet (XLSX) or a section (CSV). */
export function DashboardExport({ scopeId }: { scopeId: string }) {
  return <ExportMenu what="dashboard figures" start={(format) => exportDashboard(scopeId, format)} />;
}
