import type { JobKind } from '../../db/jobs';
import { locationCopiesJob } from './location-copies-job';
import { locationMoveJob } from './location-move-job';
import { phaseImportJob } from './phase-import-job';
import { roleNamesJob } from './role-names-job';
import { trackCopyJob } from './track-copy-job';

/** Every kind of background job, by the `kind` stored on the job item. */
export const jobKinds: Record<string, JobKind> = {
  'location.refreshCopies': locationCopiesJob,
  'location.move': locationMoveJob,
  'role.refreshHolderNames': roleNamesJob,
  'track.copy': trackCopyJob,
  'phase.import': phaseImportJob,
};
