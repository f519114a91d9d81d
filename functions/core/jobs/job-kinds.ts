import type { JobKind } from '../../db/jobs';
import { locationCopiesJob } from './location-copies-job';
import { locationMoveJob } from './location-move-job';
import { phaseImportJob } from './phase-import-job';
import { roleNamesJob } from './role-names-job';
import { trackCopyJob } from './track-copy-job';
import { trackDeleteJob } from './track-delete-job';
import { nameCopiesJob } from './name-copies-job';
import { NAME_COPIES_JOB_KIND } from '../people/name-copies';
import { MERGE_JOB_KIND, userMergeJob } from '../people/merge/merge-job';
import { MERGE_UNDO_JOB_KIND, mergeUndoJob } from '../people/merge/merge-undo-job';
import { TAG_REMOVAL_JOB_KIND } from '../people/user-tags';
import { tagRemovalJob } from './tag-removal-job';
import { ENROL_JOB_KIND, enrolJob } from '../enrolments/enrol-job';
import { REMOVE_JOB_KIND, removeInstanceJob } from '../enrolments/instance-remove';
import { refreshResponsibleRolesJob } from '../enrolments/responsible-roles-job';
import { RESPONSIBLE_ROLES_JOB_KIND } from '../tracks/responsible-roles';
import { PUBLISH_JOB_KIND, publishJob } from '../notifications/publish-job';
import { OVERDUE_DIGEST_JOB_KIND, overdueDigestJob } from '../reminders/overdue-digest-job';
import { PARTICIPANT_BULK_JOB_KIND, participantBulkJob } from '../participants/participants-bulk-job';
import { STEP_BULK_JOB_KIND, stepBulkJob } from '../tracks/step-bulk-job';
import { REINDEX_JOB_KIND, reindexJob } from './reindex-job';
import { RETENTION_JOB_KIND, retentionJob } from '../retention/retention-job';
import { DATA_EXPORT_JOB_KIND, dataExportJob } from '../people/data-export/export-job';
import { TABLE_EXPORT_JOB_KIND, tableExportJob } from '../exports/export-job';
import { ERASURE_JOB_KIND, erasureJob } from '../people/erasure/erasure-job';
import { TRANSFER_JOB_KIND } from '../transfers/transfer-store';
import { transferJob } from '../transfers/transfer-job';
import { PACKET_JOB_KIND, packetJob } from '../enrolments/packet/packet-job';
import { IMPORT_JOB_KIND, importJob } from '../imports/import-job';

/** Every kind of background job, by the `kind` stored on the job item. */
export const jobKinds: Record<string, JobKind> = {
  'location.refreshCopies': locationCopiesJob,
  'location.move': locationMoveJob,
  'role.refreshHolderNames': roleNamesJob,
  'track.copy': trackCopyJob,
  'track.delete': trackDeleteJob,
  'phase.import': phaseImportJob,
  [MERGE_JOB_KIND]: userMergeJob,
  [MERGE_UNDO_JOB_KIND]: mergeUndoJob,
  [NAME_COPIES_JOB_KIND]: nameCopiesJob,
  [TAG_REMOVAL_JOB_KIND]: tagRemovalJob,
  [ENROL_JOB_KIND]: enrolJob,
  [REMOVE_JOB_KIND]: removeInstanceJob,
  [RESPONSIBLE_ROLES_JOB_KIND]: refreshResponsibleRolesJob,
  [PUBLISH_JOB_KIND]: publishJob,
  [OVERDUE_DIGEST_JOB_KIND]: overdueDigestJob,
  [PARTICIPANT_BULK_JOB_KIND]: participantBulkJob,
  [STEP_BULK_JOB_KIND]: stepBulkJob,
  [REINDEX_JOB_KIND]: reindexJob,
  [RETENTION_JOB_KIND]: retentionJob,
  [DATA_EXPORT_JOB_KIND]: dataExportJob,
  [TABLE_EXPORT_JOB_KIND]: tableExportJob,
  [ERASURE_JOB_KIND]: erasureJob,
  [TRANSFER_JOB_KIND]: transferJob,
  [PACKET_JOB_KIND]: packetJob,
  [IMPORT_JOB_KIND]: importJob,
};
