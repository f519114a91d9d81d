import type { AuditExportSpec } from './sources/audit-source';
import { auditSource } from './sources/audit-source';
import type { ParticipantsExportSpec } from './sources/participants-source';
import { participantsSource } from './sources/participants-source';
import type { TableSource } from './sources/source';
import type { UsersExportSpec } from './sources/users-source';
import { usersSource } from './sources/users-source';

/** What one export reads: which table, with which filters (as the table's route parsed them). */
export type ExportSpec = ParticipantsExportSpec | UsersExportSpec | AuditExportSpec;

const SOURCES: { [S in ExportSpec['source']]: TableSource<Extract<ExportSpec, { source: S }>> } = {
  participants: participantsSource,
  users: usersSource,
  audit: auditSource,
};

export const sourceOf = (spec: ExportSpec) => SOURCES[spec.source] as TableSource<ExportSpec>;
