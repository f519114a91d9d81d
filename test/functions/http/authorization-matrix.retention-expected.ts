import type { Cell, MatrixRow } from './authorization-matrix.expected';

/** `yes` for the named roles, `no` for everyone else. */
const only = (names: readonly string[], yes: number, no = 403): Record<string, number> & { default: number } => ({ default: no, ...Object.fromEntries(names.map((name) => [name, yes])) });

const GOVERN_CONFERENCE = ['Superadmin', 'ConferenceAdmin'] as const;
const row = (own: Cell, other: Cell): MatrixRow => ({ own, other, anonymous: 401 });

/**
 * Retention and legal holds: `update Conference` held at a conference or above before anything is
 * read (everyone else 403), then the loaded conference or record. A conference's periods, preview
 * and holds: superadmins and its conference admins, never another conference's. A hold on a
 * person: those who govern the person's conference; another conference's person is not seen (404).
 */
const conferenceRow = row(only(GOVERN_CONFERENCE, 200), only(['Superadmin'], 200));
const holdRow = row(only(GOVERN_CONFERENCE, 200), { ...only(['ConferenceAdmin'], 404), Superadmin: 200 });

export const RETENTION_ROWS: Record<string, MatrixRow> = {
  'conference.retentionPolicy': conferenceRow,
  'conference.updateRetentionPolicy': conferenceRow,
  'conference.retentionPreview': conferenceRow,
  'conference.legalHolds': conferenceRow,
  'conference.legalHold': holdRow,
  'conference.placeLegalHold': holdRow,
  'conference.liftLegalHold': holdRow,
};
