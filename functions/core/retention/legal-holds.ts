import type { EntityItem } from 'electrodb';
import { RETENTION_PAGE_MAX, type HoldRecordKind, type LegalHoldView } from '../../../shared/schemas/retention';
import type { legalHold } from '../../db/entities/legal-hold';
import { batchGet, transact } from '../../db/transact';
import { db } from '../../db/service';
import { ifVersion } from '../../db/versioned';
import { BusinessRuleError, StaleVersionError } from '../../lib/errors';
import { auditActorOf, fieldChange } from '../records/audit-write';
import type { AuthContext } from '../session/resolve-session';
import { requireGovernedConference, requireHoldTarget } from './retention-access';
import { holdEntry } from './retention-records';

/**
 * Legal holds (issue 25, item 3): while a hold on a person or an enrolment is active, nothing of
 * it is purged (the retention job asks `holdsOn` before each record) or erased (the erasure asks
 * the same). A hold on a person covers their enrolments too. Placed with a reason, lifted, placed
 * again: one versioned item per record, each change with an entry in the record's History.
 */
type HoldItem = EntityItem<typeof legalHold>;

export const ALREADY_HELD = 'This record is already under a legal hold.';
export const NOT_HELD = 'This record is not under a legal hold.';

const view = (item: HoldItem): LegalHoldView => ({
  recordKind: item.recordKind,
  recordId: item.recordId,
  conferenceId: item.conferenceId,
  subject: item.subject,
  reason: item.reason,
  active: item.active,
  placedBy: item.placedBy,
  placedByName: item.placedByName,
  placedAt: item.placedAt,
  liftedAt: item.liftedAt,
  version: item.version,
});

async function readHold(recordKind: HoldRecordKind, recordId: string): Promise<HoldItem | null> {
  const { data } = await db().entities.legalHold.get({ recordKind, recordId }).go({ consistent: true });
  return data ?? null;
}

/**
 * The active holds that stop a purge or an erasure of a person (`userId`) or an enrolment
 * (`trackInstanceId`, with its participant `userId`): empty means nothing holds it. One BatchGet.
 */
export async function holdsOn(record: { userId?: string; trackInstanceId?: string }): Promise<LegalHoldView[]> {
  const keys = [
    ...(record.userId ? [{ recordKind: 'User' as const, recordId: record.userId }] : []),
    ...(record.trackInstanceId ? [{ recordKind: 'TrackInstance' as const, recordId: record.trackInstanceId }] : []),
  ];
  if (keys.length === 0) return [];
  const items = await batchGet<HoldItem>(db().entities.legalHold, keys, { consistent: true });
  return items.filter((item) => item.active).map(view);
}

/** The hold of one record as the caller may see it (null: never held). */
export async function getHold(auth: AuthContext, recordKind: HoldRecordKind, recordId: string): Promise<LegalHoldView | null> {
  await requireHoldTarget(auth, recordKind, recordId);
  const hold = await readHold(recordKind, recordId);
  return hold ? view(hold) : null;
}

export async function placeHold(auth: AuthContext, recordKind: HoldRecordKind, recordId: string, input: { reason: string; version: number }): Promise<LegalHoldView> {
  const target = await requireHoldTarget(auth, recordKind, recordId);
  const current = await readHold(recordKind, recordId);
  if (current?.active) throw new BusinessRuleError(ALREADY_HELD);
  if ((current?.version ?? 0) !== input.version) throw new StaleVersionError(undefined, current?.version ?? 0);
  const now = new Date().toISOString();
  const item = {
    recordKind,
    recordId,
    conferenceId: target.conferenceId,
    subject: target.subject,
    participantId: target.recordKind === 'TrackInstance' ? target.participantId : undefined,
    reason: input.reason,
    active: true,
    placedBy: auth.userId,
    placedByName: auditActorOf(auth).actorName,
    placedAt: now,
    version: input.version + 1,
  };
  await transact([
    current ? (tx) => tx.legalHold.put(item).where(ifVersion(input.version)).commit() : (tx) => tx.legalHold.create(item).commit(),
    holdEntry(auditActorOf(auth), target, 'retention.hold.placed', fieldChange('reason', undefined, input.reason)),
  ]);
  return view((await readHold(recordKind, recordId))!);
}

export async function liftHold(auth: AuthContext, recordKind: HoldRecordKind, recordId: string, input: { version: number }): Promise<LegalHoldView> {
  const target = await requireHoldTarget(auth, recordKind, recordId);
  const current = await readHold(recordKind, recordId);
  if (!current?.active) throw new BusinessRuleError(NOT_HELD);
  if (current.version !== input.version) throw new StaleVersionError(undefined, current.version);
  const now = new Date().toISOString();
  await transact([
    (tx) => tx.legalHold.patch({ recordKind, recordId }).set({ active: false, liftedBy: auth.userId, liftedAt: now }).add({ version: 1 }).where(ifVersion(input.version)).commit(),
    holdEntry(auditActorOf(auth), target, 'retention.hold.lifted', fieldChange('reason', current.reason, undefined)),
  ]);
  return view((await readHold(recordKind, recordId))!);
}

/** The active holds of a conference, a page by record (bounded). */
export async function listHolds(auth: AuthContext, conferenceId: string, query: { limit: number; cursor?: string }): Promise<{ data: LegalHoldView[]; cursor: string | null }> {
  await requireGovernedConference(auth, conferenceId);
  const page = await db()
    .entities.legalHold.query.byConference({ conferenceId })
    .where(({ active }, { eq }) => eq(active, true))
    .go({ limit: Math.min(query.limit, RETENTION_PAGE_MAX), cursor: query.cursor ?? null });
  return { data: page.data.map(view), cursor: page.cursor };
}
