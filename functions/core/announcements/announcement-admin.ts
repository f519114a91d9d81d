import { announcementStatus, END_AFTER_START, type AnnouncementRecord } from '../../../shared/schemas/announcement';
import { announcementsByStart, endsKeyOf, type AnnouncementItem } from '../../db/access/announcements';
import { newId } from '../../db/ids';
import { transact, type TransactionWrite } from '../../db/transact';
import type { AuditChange, AuditKind } from '../../../shared/schemas/audit';
import { auditActorOf, auditEntryWrite, recordChanges } from '../records/audit-write';
import { ifVersion } from '../../db/versioned';
import { StaleVersionError, ValidationError } from '../../lib/errors';
import { getLocationsById } from '../../db/access/location-store';
import type { AuthContext } from '../session/resolve-session';
import { isSystemTrack } from '../tracks/track-scope';
import { assertMayAct, audiencePlace, managedConferences, requireAnnouncement, requireReadable } from './announcement-scope';

export interface AnnouncementFields {
  title: string;
  /** The description. */
  message: string;
  conferenceId: string | null;
  startsAt: string;
  endsAt: string | null;
}

const nowIso = () => new Date().toISOString();

async function recordsOf(items: readonly AnnouncementItem[]): Promise<AnnouncementRecord[]> {
  const names = await getLocationsById(new Set(items.map((item) => item.conferenceId).filter((id) => !isSystemTrack(id))));
  const now = nowIso();
  return items.map((item) => ({
    id: item.announcementId,
    title: item.title ?? '',
    message: item.message,
    conference: isSystemTrack(item.conferenceId) ? null : { id: item.conferenceId, name: names.get(item.conferenceId)?.name ?? '' },
    startsAt: item.startsAt,
    endsAt: item.endsAt ?? null,
    status: announcementStatus(item, now),
    version: item.version,
  }));
}

const byStartDescending = (a: AnnouncementItem, b: AnnouncementItem) => b.startsAt.localeCompare(a.startsAt) || b.announcementId.localeCompare(a.announcementId);

/**
 * The Announcements tab: the announcements the caller manages, latest start first. A
 * superadmin's page is one Query of the list of all; anyone else's reads each conference they
 * manage to `offset + limit + 1` and merges. `count` is exact up to the page, plus one while
 * more follow (the track list's convention).
 */
export async function announcementPage(auth: AuthContext, page: { offset: number; limit: number }): Promise<{ data: AnnouncementRecord[]; count: number }> {
  const wanted = page.offset + page.limit + 1;
  const managed = await managedConferences(auth);
  const read =
    managed === 'everywhere'
      ? await announcementsByStart({ all: true }, wanted)
      : (await Promise.all(managed.map((conferenceId) => announcementsByStart({ conferenceId }, wanted)))).flat().sort(byStartDescending).slice(0, wanted);
  const rows = read.slice(page.offset, page.offset + page.limit);
  return { data: await recordsOf(rows), count: Math.min(read.length, page.offset + rows.length + (read.length > page.offset + page.limit ? 1 : 0)) };
}

/** One announcement (requireReadable says to whom). */
export async function readAnnouncement(auth: AuthContext, announcementId: string): Promise<AnnouncementRecord> {
  return (await recordsOf([await requireReadable(auth, announcementId, nowIso())]))[0];
}

function stored(fields: AnnouncementFields, conferenceId: string) {
  // An announcement from before titles, edited without one, keeps none.
  return { ...(fields.title ? { title: fields.title } : {}), message: fields.message, conferenceId, startsAt: fields.startsAt, endsKey: endsKeyOf(fields.endsAt) };
}

/** What an announcement's History shows of it: all of it is public once it is live. */
const AUDITED_FIELDS = ['title', 'message', 'audience', 'startsAt', 'endsAt'];

function announcementEntry(
  auth: AuthContext,
  item: { announcementId: string; title?: string; message: string },
  place: { ancestorIds: string[] },
  action: string,
  kind: AuditKind<'Announcement'>,
  changes: AuditChange[],
): TransactionWrite {
  const subject = item.title || item.message;
  return auditEntryWrite({ actor: auditActorOf(auth), chain: 'Announcement', recordId: item.announcementId, subject, action, kind, changes, scopeIds: place.ancestorIds });
}

/** New: the schema has checked the title and description are there (SPEC.md section 5). */
export async function createAnnouncement(auth: AuthContext, input: Omit<AnnouncementFields, 'title' | 'message'> & { title?: string; message?: string }): Promise<AnnouncementRecord> {
  const fields: AnnouncementFields = { ...input, title: input.title ?? '', message: input.message ?? '' };
  const place = await audiencePlace(fields.conferenceId);
  assertMayAct(auth, 'create', place);
  const item = { announcementId: newId(), ...stored(fields, place.conferenceId), ...(fields.endsAt ? { endsAt: fields.endsAt } : {}), createdBy: auth.userId, version: 1 };
  await transact([
    (tx) => tx.announcement.create(item).commit(),
    announcementEntry(auth, item, place, 'announcement.created', 'created', recordChanges({}, { ...fields, audience: place.conferenceName ?? 'Everyone' }, AUDITED_FIELDS)),
  ]);
  return (await recordsOf([{ ...item, createdAt: nowIso(), updatedAt: nowIso() }]))[0];
}

/**
 * Edit on the version read (stale: 409): the caller must manage it where it is and where it
 * goes. Fields left out keep their value; the merged schedule must still end after it starts.
 */
export async function updateAnnouncement(auth: AuthContext, announcementId: string, patch: Partial<AnnouncementFields> & { version: number }): Promise<AnnouncementRecord> {
  const { item, place: before } = await requireAnnouncement(auth, announcementId, 'update');
  const fields: AnnouncementFields = {
    title: patch.title ?? item.title ?? '',
    message: patch.message ?? item.message,
    conferenceId: patch.conferenceId === undefined ? (isSystemTrack(item.conferenceId) ? null : item.conferenceId) : patch.conferenceId,
    startsAt: patch.startsAt ?? item.startsAt,
    endsAt: patch.endsAt === undefined ? (item.endsAt ?? null) : patch.endsAt,
  };
  const place = await audiencePlace(fields.conferenceId);
  assertMayAct(auth, 'update', place);
  if (item.version !== patch.version) throw new StaleVersionError(undefined, item.version);
  if (fields.endsAt && fields.endsAt <= fields.startsAt) throw new ValidationError({ endsAt: [END_AFTER_START] });
  const changes = stored(fields, place.conferenceId);
  await transact([
    (tx) => {
      const write = tx.announcement.patch({ announcementId }).set(fields.endsAt ? { ...changes, endsAt: fields.endsAt } : changes).add({ version: 1 });
      return (fields.endsAt ? write : write.remove(['endsAt'])).where(ifVersion(patch.version)).commit();
    },
    announcementEntry(auth, { announcementId, title: fields.title, message: fields.message }, place, 'announcement.updated', 'details', recordChanges(
      { ...item, audience: before.conferenceName ?? 'Everyone' },
      { ...fields, audience: place.conferenceName ?? 'Everyone' },
      AUDITED_FIELDS,
    )),
  ]);
  const endsAt = fields.endsAt ?? undefined;
  return (await recordsOf([{ ...item, ...changes, endsAt, version: item.version + 1 }]))[0];
}

/** Delete on the version read, or on the one the client names (stale: 409). */
export async function deleteAnnouncement(auth: AuthContext, announcementId: string, version: number | undefined): Promise<null> {
  const { item, place } = await requireAnnouncement(auth, announcementId, 'delete');
  if (version !== undefined && version !== item.version) throw new StaleVersionError(undefined, item.version);
  await transact([
    (tx) => tx.announcement.delete({ announcementId }).where(ifVersion(item.version)).commit(),
    announcementEntry(auth, item, place, 'announcement.deleted', 'deleted', recordChanges(item, {}, ['title'])),
  ]);
  return null;
}

