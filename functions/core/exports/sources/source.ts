import type { AuthContext } from '../../session/resolve-session';
import type { Cell } from '../../../lib/tabular/table';

/** Where the next page of a table starts: an offset of the table's own paging, or an audit entry id. */
export type SourceCursor = { offset: number } | { below: string };

export interface SourcePage {
  rows: Cell[][];
  /** Null at the table's end. */
  next: SourceCursor | null;
  /** The table's row count, when its read knows it (the users table's counters). */
  total?: number;
  /** The table's read stopped at its bound (a search no key serves): the export ends with the table's own note. */
  partial?: boolean;
}

/**
 * A table that can be exported: its columns, and a page of its rows read with the table's own read
 * (so exactly the rows and columns the caller may see with these filters), `take` rows from the cursor.
 */
export interface TableSource<Spec> {
  sheetName: string;
  columns: readonly string[];
  /** What the table says when its read stopped at its bound. */
  partialNote?: string;
  /** The file's name without its extension. */
  stem(spec: Spec): string;
  /** The job's title, for its progress. */
  title(spec: Spec): string;
  /** The table's route-level right, checked again when a finished export's link is asked for. */
  allowed(auth: AuthContext, spec: Spec): Promise<void>;
  page(auth: AuthContext, spec: Spec, cursor: SourceCursor | undefined, take: number): Promise<SourcePage>;
}

/** The offset of an offset cursor (0 at the start). */
export const offsetOf = (cursor: SourceCursor | undefined) => (cursor && 'offset' in cursor ? cursor.offset : 0);
/** A date as the export shows it: the ISO day and time in UTC. */
export const utcText = (iso: string) => (iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '');
