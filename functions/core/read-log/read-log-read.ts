import type { EntityItem } from 'electrodb';
import { READ_KINDS, READ_SCREENS, type ReadEntryView, type ReadKind, type ReadLogPage, type ReadScreen } from '../../../shared/schemas/read-log';
import type { readEntry } from '../../db/entities/read-entry';
import { cappedRead } from '../../db/capped-read';
import { db } from '../../db/service';
import type { AuthContext } from '../session/resolve-session';
import { requireReadLogReader } from './read-log-access';

type Entry = EntityItem<typeof readEntry>;

export function readEntryView(entry: Entry): ReadEntryView {
  return {
    id: entry.entryId,
    at: entry.at,
    readerId: entry.readerId,
    readerName: entry.readerName,
    kind: (READ_KINDS as readonly string[]).includes(entry.kind) ? (entry.kind as ReadKind) : 'documents',
    objectId: entry.objectId,
    ...(entry.label ? { label: entry.label } : {}),
    route: entry.route,
    ...(entry.screen && (READ_SCREENS as readonly string[]).includes(entry.screen) ? { screen: entry.screen as ReadScreen } : {}),
    ...(entry.trackInstanceId ? { trackInstanceId: entry.trackInstanceId } : {}),
  };
}

/** One page of a person's log: one Query of their entries, newest first, below the cursor (`limit + 1` read to know if more follow). */
export async function readLogPage(auth: AuthContext, userId: string, page: { cursor?: string; limit: number }): Promise<ReadLogPage> {
  await requireReadLogReader(auth, userId);
  const query = db().entities.readEntry.query.byOwner({ ownerId: userId });
  const { data } = await (page.cursor ? query.lt({ entryId: page.cursor }) : query).go({ order: 'desc', limit: page.limit + 1, count: page.limit + 1 });
  const shown = data.slice(0, page.limit);
  return { data: shown.map(readEntryView), cursor: data.length > page.limit ? shown.at(-1)!.entryId : null };
}

/**
 * Up to `max` of a person's entries, newest first, in Queries of 500, for a caller that has already
 * decided who may have them (a data export: core/people/data-export/export-records.ts).
 */
export async function readLogEntries(userId: string, max: number): Promise<{ entries: ReadEntryView[]; complete: boolean }> {
  const query = () => db().entities.readEntry.query.byOwner({ ownerId: userId });
  const readPage = async (below: string | undefined, limit: number) => (await (below ? query().lt({ entryId: below }) : query()).go({ order: 'desc', limit, count: limit })).data;
  const { items, complete } = await cappedRead(readPage, (entry) => entry.entryId, max, 500);
  return { entries: items.map(readEntryView), complete };
}
