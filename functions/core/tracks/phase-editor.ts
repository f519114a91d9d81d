import { TRACK_PHASES_MAX } from '../../../shared/api/limits';
import type { PhaseView } from '../../../shared/schemas/track';
import { newId } from '../../db/ids';
import { db } from '../../db/service';
import { retryOnStale, transact, type TransactionItem } from '../../db/transact';
import { ifVersion, StaleVersionError } from '../../db/versioned';
import { HttpError, NotFoundError } from '../../lib/errors';
import type { Action } from '../../../shared/auth/vocabulary';
import { requireTrack, type LoadedTrack, type TrackCaller, type TrackWriter } from './track-scope';
import type { PhaseItem, TrackTemplateItem } from './track-store';
import { toPhaseView } from './track-view';
import { readableList } from '../../lib/readable-list';
import { stepsUnchanged } from './step-store';
import { partChanges, trackEntry } from '../records/design-records';

/** SPEC.md section 8. */
export const PHASE_HAS_STEPS_MESSAGE = 'Cannot delete phase that contains steps.';
export const PHASE_LOCKED_MESSAGE = 'This phase comes from another track and cannot be changed.';
export const PHASE_CANNOT_MOVE_MESSAGE = 'The phase cannot move further that way.';
export const TRACK_PHASES_FULL_MESSAGE = `A track holds at most ${TRACK_PHASES_MAX} phases.`;

/** A track's phases by order (consistent: the phase writers plan from it). */
export async function phasesOf(trackTemplateId: string): Promise<PhaseItem[]> {
  const { data } = await db().entities.phaseTemplate.query.byTrack({ trackTemplateId }).go({ limit: TRACK_PHASES_MAX, consistent: true });
  return data.sort((a, b) => a.order - b.order);
}

/** A phase and its track, when the caller may act on the track this way: 404 / 403 otherwise. */
export async function requirePhase(auth: TrackCaller, phaseId: string, action: Action): Promise<LoadedTrack & { phase: PhaseItem }> {
  const { data } = await db().entities.phaseTemplate.query.byId({ phaseId }).go({ limit: 1 });
  if (!data[0]) throw new NotFoundError('Phase not found.');
  const loaded = await requireTrack(auth, data[0].trackTemplateId, action);
  const { data: phase } = await db().entities.phaseTemplate.get({ trackTemplateId: data[0].trackTemplateId, phaseId }).go({ consistent: true });
  if (!phase) throw new NotFoundError('Phase not found.');
  return { ...loaded, phase };
}

/**
 * The guard that serialises changes of one track's phase list: the track's `outlineVersion`
 * moves on, conditioned on the value read (a track written before the counter had none).
 */
export function outlineGuard(track: TrackTemplateItem): TransactionItem {
  const read = track.outlineVersion ?? 0;
  return (tx) =>
    tx.trackTemplate
      .patch({ trackTemplateId: track.trackTemplateId })
      .add({ outlineVersion: 1 })
      // A track marked 'deleting' since it was read takes no more phases or steps (re-read, it answers 409).
      .where((attributes, operations) => `${read === 0 ? `(${operations.eq(attributes.outlineVersion, 0)} OR ${operations.notExists(attributes.outlineVersion)})` : operations.eq(attributes.outlineVersion, read)} AND ${operations.ne(attributes.status, 'deleting')}`)
      .commit();
}

/** A phase's new order, conditioned on its version (the phase's own edit form then re-reads). */
const reorder = (phase: PhaseItem, order: number): TransactionItem => (tx) =>
  tx.phaseTemplate.patch({ trackTemplateId: phase.trackTemplateId, phaseId: phase.phaseId }).set({ order }).add({ version: 1 }).where(ifVersion(phase.version)).commit();

/** Adds a phase after the last one (a track holds at most TRACK_PHASES_MAX; the outline guard keeps that under concurrent adds). */
export async function createPhase(auth: TrackWriter, input: { trackTemplateId: string; name: string; description: string }): Promise<PhaseView> {
  const [phase] = await createPhases(auth, input.trackTemplateId, [input]);
  return phase;
}

/** Adds phases after the last one in one transaction (POST /phase/bulk): all or none, within the track's TRACK_PHASES_MAX. */
export async function createPhases(auth: TrackWriter, trackTemplateId: string, inputs: ReadonlyArray<{ name: string; description: string }>): Promise<PhaseView[]> {
  return retryOnStale(async () => {
    const { track, place } = await requireTrack(auth, trackTemplateId, 'update');
    const phases = await phasesOf(track.trackTemplateId);
    if (phases.length + inputs.length > TRACK_PHASES_MAX) throw new HttpError(400, TRACK_PHASES_FULL_MESSAGE);
    const items = inputs.map((input, i) => ({
      trackTemplateId: track.trackTemplateId,
      phaseId: newId(),
      name: input.name.trim(),
      description: input.description.trim(),
      order: phases.length + i + 1,
      version: 1,
    }));
    await transact([
      ...items.map((item): TransactionItem => (tx) => tx.phaseTemplate.create(item).commit()),
      outlineGuard(track),
      trackEntry(auth, track, place, 'phase.added', 'phases', items.map((item) => ({ field: 'phase', after: item.name }))),
    ]);
    return items.map((item) => toPhaseView(item as PhaseItem));
  });
}

function assertNotCopied(phase: PhaseItem) {
  if (phase.originPhaseId) throw new HttpError(422, PHASE_LOCKED_MESSAGE);
}

/** Edit Phase: name and description on the version the client read. */
export async function updatePhase(auth: TrackWriter, input: { id: string; name: string; description: string; version: number }): Promise<PhaseView> {
  const { track, place, phase } = await requirePhase(auth, input.id, 'update');
  assertNotCopied(phase);
  if (phase.version !== input.version) throw new StaleVersionError(undefined, phase.version);
  const set = { name: input.name.trim(), description: input.description.trim(), updatedAt: new Date().toISOString() };
  const audited = partChanges(phase.name, phase, set, ['name', 'description']);
  await transact([
    (tx) => tx.phaseTemplate.patch({ trackTemplateId: phase.trackTemplateId, phaseId: phase.phaseId }).set(set).add({ version: 1 }).where(ifVersion(input.version)).commit(),
    ...(audited.length ? [trackEntry(auth, track, place, 'phase.updated', 'phases', audited)] : []),
  ]);
  return toPhaseView({ ...phase, ...set, version: phase.version + 1 });
}

/** Move left (order > 1) or right (order < the last): the phase swaps places with its neighbour. */
export async function movePhase(auth: TrackWriter, input: { phaseId: string; direction: 'LEFT' | 'RIGHT' }): Promise<PhaseView[]> {
  return retryOnStale(async () => {
    const { track, place, phase } = await requirePhase(auth, input.phaseId, 'update');
    const phases = await phasesOf(track.trackTemplateId);
    const index = phases.findIndex((p) => p.phaseId === phase.phaseId);
    const neighbour = phases[input.direction === 'LEFT' ? index - 1 : index + 1];
    if (!neighbour) throw new HttpError(422, PHASE_CANNOT_MOVE_MESSAGE);
    const swapped = [phase, neighbour].flatMap((p, i) => partChanges(p.name, p, { order: [neighbour, phase][i].order }, ['order']));
    await transact([reorder(phase, neighbour.order), reorder(neighbour, phase.order), outlineGuard(track), trackEntry(auth, track, place, 'phase.moved', 'phases', swapped)]);
    const orderOf = new Map([[phase.phaseId, neighbour.order], [neighbour.phaseId, phase.order]]);
    const moved = phases.map((p) => ({ ...p, order: orderOf.get(p.phaseId) ?? p.order }));
    return moved.sort((a, b) => a.order - b.order).map(toPhaseView);
  });
}

/** Delete Phase: only an empty, uncopied phase; the phases after it are renumbered from 1 in the same transaction. */
export async function deletePhase(auth: TrackWriter, phaseId: string): Promise<void> {
  await retryOnStale(async () => {
    const { track, place, phase } = await requirePhase(auth, phaseId, 'update');
    assertNotCopied(phase);
    const { data: steps } = await db().entities.stepTemplate.query.byTrack({ trackTemplateId: phase.trackTemplateId, phaseId }).go({ limit: 1, consistent: true });
    if (steps.length) throw new HttpError(422, PHASE_HAS_STEPS_MESSAGE);
    const rest = (await phasesOf(track.trackTemplateId)).filter((p) => p.phaseId !== phaseId);
    const renumbered = rest.flatMap((p, i) => (p.order === i + 1 ? [] : [reorder(p, i + 1)]));
    await transact([
      // A step added meanwhile moves the phase's stepsVersion: the delete is then re-planned and refused.
      (tx) =>
        tx.phaseTemplate
          .delete({ trackTemplateId: phase.trackTemplateId, phaseId })
          .where((attributes, operations) => `${ifVersion(phase.version)(attributes, operations)} AND ${stepsUnchanged(phase)(attributes, operations)}`)
          .commit(),
      ...renumbered,
      outlineGuard(track),
      trackEntry(auth, track, place, 'phase.deleted', 'phases', [{ field: 'phase', before: phase.name }]),
    ]);
  });
}

/** A phase the caller may read. */
export async function readPhase(auth: TrackCaller, phaseId: string): Promise<PhaseView> {
  return toPhaseView((await requirePhase(auth, phaseId, 'read')).phase);
}

/** Phases by id (`get-phases/{ids}`), in the order asked; unknown or unreachable ones are left out. */
export const readPhasesByIds = (auth: TrackCaller, ids: readonly string[]): Promise<PhaseView[]> => readableList(ids, (id) => readPhase(auth, id));

/** A track's phases in order, for a caller who may read the track. */
export async function readPhases(auth: TrackCaller, trackTemplateId: string): Promise<PhaseView[]> {
  await requireTrack(auth, trackTemplateId, 'read');
  return (await phasesOf(trackTemplateId)).map(toPhaseView);
}
