import { TRACK_OUTLINE_ITEMS_MAX } from '../../../shared/api/limits';
import { JobFailure, type JobItem } from '../../db/jobs';
import { deterministicId } from '../../db/ids';
import { db } from '../../db/service';
import { packTransactions, transact, type TransactionItem } from '../../db/transact';
import type { PhaseItem, StepItem, TrackTemplateItem } from './track-store';
import { designOrderOf } from './track-view';
import { copiedAttachmentWrites } from './step-attachments';
import { deleteDesignChunk } from './design-delete';

/**
 * The copy code shared by Copy from Existing, Import from Existing and phase import (all
 * background jobs). Every copied item's id is derived from the job and the source item's id,
 * and every write is a put, so a step that runs twice (a crash after its work) writes the same
 * items again and never a second copy. Steps are copied in chunks, in key order from a cursor
 * (the last source step copied), each with its contents and actions; the item that makes the
 * copy visible (the track template, or the imported phase) is written last by the job.
 */
export type CopyJob = Pick<JobItem, 'jobId' | 'createdAt'>;

/** The id of `sourceId`'s copy made by this job: the same on every try. */
export const copiedId = (job: CopyJob, sourceId: string) => deterministicId(Date.parse(job.createdAt), job.jobId, sourceId);

/** Steps per job step: with 4 parts each, 500 puts (5 transactions). */
export const STEPS_PER_CHUNK = 100;
const PARALLEL_TRANSACTIONS = 4;

export interface SourceOutline {
  track: TrackTemplateItem;
  phases: PhaseItem[];
  /** In key order (`orderKey`): the order chunks follow. */
  steps: StepItem[];
}

/** The source's template, phases and step headers (one Query); null when the track is gone. */
export async function readSource(trackTemplateId: string, phaseId?: string): Promise<SourceOutline | null> {
  const { data } = await db().collections.trackTemplateAggregate({ trackTemplateId }).go({ limit: TRACK_OUTLINE_ITEMS_MAX, consistent: true });
  const track = data.trackTemplate[0];
  if (!track) return null;
  const inScope = <T extends { phaseId: string }>(items: T[]) => (phaseId ? items.filter((item) => item.phaseId === phaseId) : items);
  const steps = inScope(data.stepTemplate).sort((a, b) => (orderKey(a.stepTemplateId) < orderKey(b.stepTemplateId) ? -1 : 1));
  return { track, phases: inScope(data.phaseTemplate).sort((a, b) => a.order - b.order), steps };
}

/** Steps go in the order of their parts' keys (ids lower-cased, as ElectroDB writes keys), so a chunk's parts are one range. */
const orderKey = (stepTemplateId: string) => stepTemplateId.toLowerCase();

/** A source phase as it is copied into `targetTrackId` (origin kept: copied phases are locked). */
export function phaseCopy(job: CopyJob, phase: PhaseItem, targetTrackId: string, order = phase.order) {
  return {
    trackTemplateId: targetTrackId,
    phaseId: copiedId(job, phase.phaseId),
    name: phase.name,
    description: phase.description,
    order,
    originPhaseId: phase.phaseId,
    stepsVersion: 0,
    version: 1,
    createdAt: job.createdAt,
  };
}

function stepCopy(job: CopyJob, step: StepItem, targetTrackId: string) {
  const { updatedAt: _updatedAt, version: _version, ...fields } = step;
  return {
    ...fields,
    trackTemplateId: targetTrackId,
    phaseId: copiedId(job, step.phaseId),
    stepTemplateId: copiedId(job, step.stepTemplateId),
    prerequisites: step.prerequisites.map((id) => copiedId(job, id)),
    originStepTemplateId: step.stepTemplateId,
    designOrder: designOrderOf(step),
    version: 1,
    createdAt: job.createdAt,
  };
}

type PartEntity = 'stepContentTemplate' | 'stepActionTemplate';
const PART_PAGE = 500;

/**
 * One entity's parts of the steps `first` to `last` (in key order): they sit together in the
 * source's `trackTemplateDetail`, so a chunk's parts are a Query or two from `first`, read until
 * past `last`, whatever the chunk's size.
 */
async function partsOfRange(entity: PartEntity, trackTemplateId: string, first: string, last: string) {
  const found: Array<Record<string, any>> = [];
  let cursor: string | null = null;
  do {
    const options = { limit: PART_PAGE, cursor, consistent: true };
    const page: { data: Array<Record<string, any>>; cursor: string | null } =
      entity === 'stepContentTemplate'
        ? await db().entities.stepContentTemplate.query.byTrack({ trackTemplateId }).gte({ stepTemplateId: first }).go(options)
        : await db().entities.stepActionTemplate.query.byTrack({ trackTemplateId }).gte({ stepTemplateId: first }).go(options);
    for (const part of page.data) {
      if (orderKey(part.stepTemplateId) > orderKey(last)) return found;
      found.push(part);
    }
    cursor = page.cursor;
  } while (cursor);
  return found;
}

/** The chunk's contents and actions, copied under their steps' copies, by source step. */
async function partCopies(job: CopyJob, trackTemplateId: string, first: string, last: string, targetTrackId: string, steps: Set<string>): Promise<Map<string, TransactionItem[]>> {
  const ofChunk = (parts: Array<Record<string, any>>) => parts.filter((part) => steps.has(part.stepTemplateId));
  const [contents, actions] = (await Promise.all([
    partsOfRange('stepContentTemplate', trackTemplateId, first, last),
    partsOfRange('stepActionTemplate', trackTemplateId, first, last),
  ])).map(ofChunk);
  const copy = (part: Record<string, any>) => {
    const { updatedAt: _updatedAt, ...fields } = part;
    return { ...fields, trackTemplateId: targetTrackId, stepTemplateId: copiedId(job, part.stepTemplateId), version: 1, createdAt: job.createdAt };
  };
  const byStep = new Map<string, TransactionItem[]>();
  const add = (stepTemplateId: string, write: TransactionItem) => byStep.set(stepTemplateId, [...(byStep.get(stepTemplateId) ?? []), write]);
  for (const content of contents) add(content.stepTemplateId, (tx) => tx.stepContentTemplate.put({ ...copy(content), contentTemplateId: copiedId(job, content.contentTemplateId) } as never).commit());
  for (const action of actions) add(action.stepTemplateId, (tx) => tx.stepActionTemplate.put({ ...copy(action), actionTemplateId: copiedId(job, action.actionTemplateId) } as never).commit());
  return byStep;
}


async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return results;
}

export interface ChunkOutcome {
  /** Source steps copied by this chunk. */
  copied: number;
  /** The last source step copied (the next chunk's cursor); undefined when none was left. */
  last?: string;
}

/** Copies the next chunk of the source's steps after `after` (an `orderKey`), with their contents and actions. */
export async function copyStepChunk(job: CopyJob, source: SourceOutline, targetTrackId: string, after?: string): Promise<ChunkOutcome> {
  const chunk = source.steps.filter((step) => after === undefined || orderKey(step.stepTemplateId) > after).slice(0, STEPS_PER_CHUNK);
  if (!chunk.length) return { copied: 0 };
  const first = chunk[0].stepTemplateId;
  const last = chunk[chunk.length - 1].stepTemplateId;
  const inChunk = new Set(chunk.map((step) => step.stepTemplateId));
  // A phase import's range may hold other phases' steps: only the chunk's own parts are copied.
  const parts = await partCopies(job, source.track.trackTemplateId, first, last, targetTrackId, inChunk);
  // Each step with its parts and its attachments' references in one transaction: a source that
  // dropped a file since it was read fails only its own step, which the job's retry copies again.
  const groups = chunk.map((step): TransactionItem[] => {
    const copy = stepCopy(job, step, targetTrackId);
    return [(tx) => tx.stepTemplate.put(copy).commit(), ...(parts.get(step.stepTemplateId) ?? []), ...copiedAttachmentWrites(step, copy)];
  });
  await inBatches(packTransactions(groups), PARALLEL_TRANSACTIONS, transact);
  return { copied: chunk.length, last: orderKey(last) };
}

/** The cursor of a failed copy removing what it wrote; the failure's message follows the prefix. */
const CLEANUP_CURSOR = 'cleanup:';

export const isCleaningUp = (cursor: unknown): cursor is string => typeof cursor === 'string' && cursor.startsWith(CLEANUP_CURSOR);

/**
 * A copy that can no longer complete removes what it wrote (never visible: its template or
 * phase is written last), a chunk of steps with their parts per job step, then fails with
 * `message`. `copiedPhaseId` limits it to one imported phase's steps; without it, every step
 * of the (never made) target track goes. Deletes only, so a repeated step is harmless.
 */
export async function cleanUpFailedCopy(targetTrackId: string, message: string, copiedPhaseId?: string): Promise<{ done: 0; cursor: string }> {
  const chunk = await deleteDesignChunk(targetTrackId, copiedPhaseId);
  if (!chunk.steps && !chunk.parts) throw new JobFailure(message);
  return { done: 0, cursor: `${CLEANUP_CURSOR}${message}` };
}

/** The failure message a cleaning copy carries in its cursor. */
export const cleanupMessage = (cursor: string) => cursor.slice(CLEANUP_CURSOR.length);
