import { AsyncLocalStorage } from 'node:async_hooks';
import { READ_SCREENS, READ_SCREEN_HEADER, type ReadKind, type ReadScreen } from '../../../shared/schemas/read-log';
import { newId } from '../../db/ids';
import { db } from '../../db/service';
import { currentRequest } from '../../lib/request-context';
import { log } from '../../lib/log';

/**
 * The read-access log's writing (issue 25, item 2; docs/security.md "Read-access log"). Core code
 * that decides a caller may see someone's private material calls `noteRead` where it decides; the
 * route runner wraps every route whose contract says `readLog` in `withReadLog`, and writes what was
 * noted (one put per entry, awaited) after the route's work and before its response leaves. Code
 * that hands out a download link calls `flushReads()` first, so a link is never signed before its
 * read is recorded. A route without the contract's mark records nothing (it answers nothing private:
 * test/shared/api/read-log-coverage.test.ts checks the marks against the response schemas).
 */
export interface ReadNote {
  /** The person whose material it is: reads by that person themself are not logged. */
  ownerId: string;
  kind: ReadKind;
  objectId: string;
  /** Only a label every reader of the log may see (a step content's or form's name); never a file name or an answer. */
  label?: string;
  trackInstanceId?: string;
  /** The screen, when the route itself is one (a data export's link): it stands over what the request named. */
  screen?: ReadScreen;
}

interface ReadSession {
  route: string;
  readerId: string;
  readerName: string;
  screen?: ReadScreen;
  pending: ReadNote[];
  noted: Set<string>;
}

const storage = new AsyncLocalStorage<ReadSession>();

export interface Reader {
  userId: string;
  user: { firstName?: string; lastName?: string };
}

/** The screen a request named, when it is one of READ_SCREENS (anything else is not kept). */
export function screenOf(headers: Record<string, string | undefined> | undefined): ReadScreen | undefined {
  const value = headers?.[READ_SCREEN_HEADER];
  return value && (READ_SCREENS as readonly string[]).includes(value) ? (value as ReadScreen) : undefined;
}

/** Runs a marked route's work with a read session, then writes what it noted (only when the work succeeded). */
export async function withReadLog<T>(route: string, reader: Reader, screen: ReadScreen | undefined, work: () => Promise<T>): Promise<T> {
  const session: ReadSession = {
    route,
    readerId: reader.userId,
    readerName: [reader.user.firstName, reader.user.lastName].filter(Boolean).join(' ') || reader.userId,
    screen,
    pending: [],
    noted: new Set(),
  };
  const result = await storage.run(session, work);
  await storage.run(session, flushReads);
  return result;
}

/** Notes that the caller is being shown someone's private material (nothing when it is their own). */
export function noteRead(note: ReadNote): void {
  const session = storage.getStore();
  if (!session) {
    // A route without the mark answers nothing private (a write whose page is built but not returned,
    // such as removing an upload's file): nothing to record. Jobs and scripts log nothing either. The
    // coverage test is what keeps every route that answers private material marked.
    const request = currentRequest();
    if (request && request.route !== 'unmatched') log('debug', 'read not recorded: the route has no readLog mark', { route: request.route, kind: note.kind });
    return;
  }
  if (note.ownerId === session.readerId) return;
  const key = `${note.ownerId}\u0000${note.kind}\u0000${note.objectId}`;
  if (session.noted.has(key)) return;
  session.noted.add(key);
  session.pending.push(note);
}

/** Writes the reads noted so far (one put each), before anything they cover leaves the server. */
export async function flushReads(): Promise<void> {
  const session = storage.getStore();
  if (!session || session.pending.length === 0) return;
  const notes = session.pending.splice(0);
  const at = new Date().toISOString();
  await Promise.all(notes.map((note) => putReadEntry({ ...note, at, route: session.route, readerId: session.readerId, readerName: session.readerName, screen: note.screen ?? session.screen })));
}

export interface ReadEntryInput extends ReadNote {
  at: string;
  route: string;
  readerId: string;
  readerName: string;
  screen?: ReadScreen;
  /** The seed dates its reads in the past. */
  entryId?: string;
}

/**
 * One read entry: a single put, outside any transaction (a read changes nothing else, and a
 * one-item transaction would cost twice the write units). Append-only: the entry id is new.
 */
export async function putReadEntry(input: ReadEntryInput): Promise<void> {
  const { entryId = newId(), ...fields } = input;
  await db().entities.readEntry.put({ ...stripUndefined(fields), entryId }).go({ response: 'none' });
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
