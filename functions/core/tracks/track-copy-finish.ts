import { transact, type TransactionItem } from '../../db/transact';
import { HttpError } from '../../lib/errors';
import type { AuditActor } from '../records/audit-write';
import { fieldChange } from '../records/audit-write';
import { trackEntry } from '../records/design-records';
import { copiedId, phaseCopy, type CopyJob, type SourceOutline } from './design-copy';
import { areaGuard, ConferenceMoved } from './track-area';
import { areaOf, placeOf } from './track-scope';
import { statusOf } from './track-store';

/** The copy's template already exists: an earlier try of the final step committed. */
class AlreadyCopied extends HttpError {
  constructor() {
    super(409, 'Already copied');
  }
}

export interface TrackCopySpec {
  name: string;
  description: string;
  conferenceId: string;
  /** The History entry's action ('track.copied', 'track.imported', 'track.transferred'). */
  action: string;
  /** A copy linked to its source (Copy and Import from Existing): the source counts it and must still exist. */
  linked: boolean;
  /** The error of a linked source gone since the job read it. */
  sourceGone?: string;
}

/**
 * The last step of a track copy (its steps are copied already, design-copy.ts): the phases, the
 * template and its History entry in one transaction, so the copy is hidden until it is complete.
 * Answers 'done' (also when an earlier try committed) or 'moved' (the conference changed area
 * meanwhile: run the step again); anything else of the transaction throws.
 */
export async function finishTrackCopy(job: CopyJob, source: SourceOutline, actor: AuditActor, spec: TrackCopySpec): Promise<'done' | 'moved'> {
  const trackTemplateId = copiedId(job, source.track.trackTemplateId);
  const place = await placeOf({ conferenceId: spec.conferenceId });
  const template = {
    trackTemplateId,
    name: spec.name,
    description: spec.description,
    conferenceId: spec.conferenceId,
    // The conference's area as it is now, guarded below (a move since the job began is then followed).
    episcopalAreaId: areaOf(place),
    disabled: false,
    status: statusOf(false),
    ...(spec.linked ? { originTrackTemplateId: source.track.trackTemplateId } : {}),
    ...(source.track.roles ? { roles: source.track.roles } : {}),
    // A copy keeps its source's reminder periods (absent: the defaults).
    ...(source.track.reminderDays ? { reminderDays: source.track.reminderDays } : {}),
    ...(source.track.escalationDays ? { escalationDays: source.track.escalationDays } : {}),
    instanceCount: 0,
    copyCount: 0,
    outlineVersion: 0,
    version: 1,
    createdAt: job.createdAt,
  };
  const final: TransactionItem[] = [
    { write: (tx) => tx.trackTemplate.create(template).commit(), onConditionFailed: () => new AlreadyCopied() },
    ...areaGuard(place),
    // The new track's first entry, by the job for its starter, naming its source (the same transaction: written once).
    trackEntry(actor, template, place, spec.action, 'created', [
      ...fieldChange('name', undefined, template.name),
      ...fieldChange('description', undefined, template.description),
      ...fieldChange('conference', undefined, place.conferenceName),
      ...fieldChange('copied from', undefined, source.track.name),
    ]),
    ...source.phases.map((phase): TransactionItem => (tx) => tx.phaseTemplate.put(phaseCopy(job, phase, trackTemplateId)).commit()),
  ];
  if (spec.linked) {
    // The origin's count locks its conference while copies exist (it must still exist).
    // A source marked 'deleting' meanwhile counts as gone (its delete job would not see this copy).
    final.push({
      write: (tx) =>
        tx.trackTemplate
          .patch({ trackTemplateId: source.track.trackTemplateId })
          .add({ copyCount: 1 })
          .where((attributes, operations) => operations.ne(attributes.status, 'deleting'))
          .commit(),
      onConditionFailed: () => new HttpError(404, spec.sourceGone ?? 'The track to copy no longer exists.'),
    });
  }
  try {
    await transact(final);
  } catch (error) {
    if (error instanceof AlreadyCopied) return 'done';
    if (error instanceof ConferenceMoved) return 'moved';
    throw error;
  }
  return 'done';
}
