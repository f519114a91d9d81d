import { JobFailure, type JobKind } from '../../db/jobs';
import { projectEnrolmentsNow } from './enrolment-projector';
import { packTransactions, transact, TRANSACTION_MAX_ITEMS, type TransactionItem } from '../../db/transact';
import { ConflictError } from '../../lib/errors';
import { isTrackOpen } from '../tracks/track-scope';
import { readTrackAggregate } from '../tracks/track-store';
import { visibilityWrites, type Person, type PlannedInstance } from './enrol-writes';
import { findInstance } from './instance-access';
import { stepInstanceWrites, type StepWrites } from './instance-items';
import { deletePartitionPage } from './instance-partition';
import { activeSteps, partsFor, trackParts } from './template-parts';
import { rolesVersionOf, RolesMovedError } from './roles-guard';
import { auditActorOf } from '../records/audit-write';
import { jobSessionId } from '../session/job-caller';

/**
 * `instance.enrol`: an enrolment too large for one transaction (docs/data-model.md). The route
 * checked everything and fixed each instance's id; each job step puts the next chunk of one
 * instance's step instances (a Ready one with its parts; ids derived from the instance and the
 * templates, so a repeated step rewrites the same items), and after the last chunk of each
 * instance (in the same job step) one transaction commits what makes it visible: the instance,
 * its claim, the count, the assignments, the events and the form instances (the Forms tab lists those). Until then nobody can reach
 * the steps: nothing lists them and their ids are known to no one.
 */
export const ENROL_JOB_KIND = 'instance.enrol';

export interface EnrolJobInput {
  trackTemplateId: string;
  /** Who started the job: the enrolments' audit entries are the job's, on their behalf. */
  actorId: string;
  actorName?: { firstName?: string; lastName?: string };
  advisors: Person[];
  instances: PlannedInstance[];
}

interface EnrolCursor {
  /** The instance being written (index into `instances`). */
  index: number;
  /** The last step template written (lower-cased id), in `activeSteps` order. */
  after?: string;
  /** Instances left out because someone enrolled the participant meanwhile. */
  skipped?: string[];
  /**
   * The track's `responsibleRolesVersion` read before the parts of this instance's chunks so far
   * (roles-guard.ts): when it has moved, the instance is written again from the first step.
   */
  rolesVersion?: number;
}

/**
 * Items per job step: a locked step is one item (its parts come when it opens), a Ready one
 * brings its parts; about 1,500 puts in transactions of 100, several at once.
 */
export const enrolChunk = { items: 1500 }; // tests lower it to crash between two chunks
const PARALLEL_TRANSACTIONS = 8;

const key = (id: string) => id.toLowerCase();

async function inParallel(transactions: TransactionItem[][]): Promise<void> {
  for (let start = 0; start < transactions.length; start += PARALLEL_TRANSACTIONS) await Promise.all(transactions.slice(start, start + PARALLEL_TRANSACTIONS).map(transact));
}

/** The next steps' writes up to the chunk's item budget (at least one step). */
function nextChunk(all: readonly StepWrites[]): StepWrites[] {
  const chunk: StepWrites[] = [];
  let items = 0;
  for (const step of all) {
    if (chunk.length && items + step.writes.length > enrolChunk.items) break;
    chunk.push(step);
    items += step.writes.length;
  }
  return chunk;
}

export const ENROL_MOVED_MESSAGE = 'This track moved to another conference while enrolling: enrol the participants again.';

export const enrolJob: JobKind<EnrolJobInput> = {
  async step(job) {
    const input: EnrolJobInput = job.input;
    const cursor: EnrolCursor = (job.cursor as EnrolCursor | null) ?? { index: 0 };
    const instance = input.instances[cursor.index];
    const ids = () => input.instances.map((item) => item.trackInstanceId).filter((id) => !(cursor.skipped ?? []).includes(id));
    if (!instance) return { done: 0, finished: true, result: { trackInstanceIds: ids(), skipped: cursor.skipped ?? [] } };
    const next = (skipped = cursor.skipped): EnrolCursor => ({ index: cursor.index + 1, ...(skipped?.length ? { skipped } : {}) });

    // The outline (with the roles version) before the parts of every step (a locked step's `responsibleRoleIds` names them too).
    const [visibleAlready, outline] = await Promise.all([findInstance(instance.trackInstanceId), readTrackAggregate(input.trackTemplateId)]);
    // A repeat after the visible write committed: this instance is done.
    if (visibleAlready) return { done: 0, cursor: next() };
    if (!outline || !isTrackOpen(outline.track)) return failAfterCleanUp(instance, 'This track is being deleted.');
    // Moved before any of these enrolments committed (a move needs none): they were planned and checked in the old conference.
    if (outline.track.conferenceId !== instance.conferenceId) return failAfterCleanUp(instance, ENROL_MOVED_MESSAGE);
    const rolesVersion = rolesVersionOf(outline.track);
    // A step's roles changed since the chunks so far were written: write them all again from this design.
    const after = cursor.rolesVersion === rolesVersion ? cursor.after : undefined;
    const allParts = await trackParts(input.trackTemplateId);
    const steps = activeSteps(outline);
    const activeIds = new Set(steps.map((step) => step.stepTemplateId));
    const context = { activeIds, completedIds: new Set<string>(), now: instance.createdAt, mode: 'put' as const };
    const parts = await partsFor(outline, steps, allParts);
    const remaining = steps.filter((step) => after === undefined || key(step.stepTemplateId) > after);
    const chunk = nextChunk(remaining.map((step) => stepInstanceWrites(instance, step, parts, context)));
    if (chunk.length) await inParallel(packTransactions(chunk.map((step) => step.writes)));
    if (chunk.length < remaining.length) return { done: chunk.length, cursor: { ...cursor, rolesVersion, after: key(remaining[chunk.length - 1].stepTemplateId) } };

    // Every step is written: the form instances and the enrolment become visible together.
    const forms = steps.flatMap((step): StepWrites['formWrites'] => stepInstanceWrites(instance, step, parts, context).formWrites);
    const visible = visibilityWrites(instance, input.advisors, auditActorOf({ userId: input.actorId, sessionId: jobSessionId(job.jobId), user: input.actorName ?? {} }), rolesVersion);
    const early = forms.slice(0, Math.max(0, forms.length - (TRANSACTION_MAX_ITEMS - visible.length)));
    // Only a design with more forms than one transaction holds shows some before the rest.
    if (early.length) await inParallel(packTransactions(early.map((write) => [write])));
    try {
      await transact([...forms.slice(early.length), ...visible]);
    } catch (error) {
      // The design moved (or the track is going): the next step reads it again and writes this instance from the start.
      if (error instanceof RolesMovedError) return { done: 0, cursor: { ...cursor, after: undefined, rolesVersion: undefined } };
      if (!(error instanceof ConflictError)) throw error;
      // Enrolled meanwhile by someone else: this one is dropped, the others go on.
      await cleanUp(instance);
      return { done: chunk.length, cursor: next([...(cursor.skipped ?? []), instance.trackInstanceId]) };
    }
    await projectEnrolmentsNow([instance.trackInstanceId], 'job');
    return { done: chunk.length, cursor: next() };
  },
};

/** Removes what was written for an instance that will not be made visible (deletes: safe to repeat). */
async function cleanUp(instance: PlannedInstance): Promise<void> {
  while ((await deletePartitionPage(instance.trackInstanceId)) > 0);
}

async function failAfterCleanUp(instance: PlannedInstance, message: string): Promise<never> {
  await cleanUp(instance);
  throw new JobFailure(message);
}
