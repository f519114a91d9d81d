import type { Dashboard } from '../../../shared/schemas/dashboard';
import type { ExportAnswer, ExportFormat } from '../../../shared/schemas/table-export';
import { STEP_STATUS_LABELS, STEP_STATUSES, TRACK_INSTANCE_STATUSES } from '../../../shared/tracks/statuses';
import { readDashboard } from '../dashboard/dashboard-read';
import type { AuthContext } from '../session/resolve-session';
import { fileStem, renderExport } from '../../lib/tabular/render';
import type { Sheet } from '../../lib/tabular/table';
import { utcText } from './sources/source';
import { fileAnswer } from './table-export';

/** The dashboard's tables as the page shows them (who is stuck: the participants the page names), one sheet each (a CSV: one section each). */
export function dashboardSheets(dashboard: Dashboard): Sheet[] {
  const { enrolments, steps } = dashboard;
  return [
    { name: 'Enrolments by status', columns: ['Status', 'Enrolments'], rows: TRACK_INSTANCE_STATUSES.map((status) => [status, enrolments.byStatus[status]]) },
    { name: 'Enrolments by track', columns: ['Track', ...TRACK_INSTANCE_STATUSES], rows: enrolments.tracks.map((track) => [track.name, ...TRACK_INSTANCE_STATUSES.map((status) => track.byStatus[status])]) },
    { name: 'Open by phase', columns: ['Track', 'Phase', 'Open enrolments'], rows: enrolments.tracks.flatMap((track) => track.phases.map((phase) => [track.name, phase.name, phase.open])) },
    { name: 'Steps by status', columns: ['Status', 'Steps'], rows: STEP_STATUSES.map((status) => [STEP_STATUS_LABELS[status], steps.byStatus[status]]) },
    { name: 'Waiting', columns: ['Waiting more than (days)', 'Steps'], rows: steps.waiting.map((row) => [row.days, row.count]) },
    {
      name: 'Who is stuck',
      columns: ['Participant', 'Track', 'Step', 'Status', 'Waiting since', 'Waits on'],
      rows: dashboard.stuck.map((row) => [row.participant.name, row.trackName, row.stepName, STEP_STATUS_LABELS[row.status], utcText(row.since), row.waitsOn.map((who) => who.name).join(', ')]),
    },
    { name: 'Workload', columns: ['Person', 'Open items'], rows: dashboard.workload.map((row) => [row.name, row.openItems]) },
    { name: 'Last 12 months', columns: ['Month', 'Enrolled', 'Completed', 'Withdrawn', 'Discontinued'], rows: dashboard.trends.map((row) => [row.month, row.enrolled, row.Completed, row.Withdrawn, row.Discontinued]) },
  ];
}

/** The dashboard of a place as a file, for whoever may read that dashboard (readDashboard decides): its figures are few, so always at once. */
export async function exportDashboard(auth: AuthContext, scopeId: string, format: ExportFormat): Promise<ExportAnswer> {
  const dashboard = await readDashboard(auth, scopeId);
  const sheets = dashboardSheets(dashboard);
  const file = await renderExport(format, fileStem('dashboard', dashboard.scope.name), sheets);
  return fileAnswer(file, sheets.reduce((sum, sheet) => sum + sheet.rows.length, 0));
}
