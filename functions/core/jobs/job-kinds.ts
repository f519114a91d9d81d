import type { JobKind } from '../../db/jobs';
import { locationCopiesJob } from './location-copies-job';
import { locationMoveJob } from './location-move-job';
import { roleNamesJob } from './role-names-job';

/** Every kind of background job, by the `kind` stored on the job item. */
export const jobKinds: Record<string, JobKind> = {
  'location.refreshCopies': locationCopiesJob,
  'location.move': locationMoveJob,
  'role.refreshHolderNames': roleNamesJob,
};
