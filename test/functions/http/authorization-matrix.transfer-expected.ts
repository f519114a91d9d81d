import type { Cell, MatrixRow } from './authorization-matrix.expected';

/** `yes` for the named roles, `no` for everyone else. */
const only = (names: readonly string[], yes: number, no = 403): Record<string, number> & { default: number } => ({ default: no, ...Object.fromEntries(names.map((name) => [name, yes])) });

const GOVERN_CONFERENCE = ['Superadmin', 'ConferenceAdmin'] as const;
const row = (own: Cell, other: Cell): MatrixRow => ({ own, other, anonymous: 401 });

/**
 * Transfers between conferences: `update Conference` held at a conference or above before
 * anything is read (everyone else 403), then the loaded conference or transfer. A conference's
 * list and requests: superadmins and its conference admins. A transfer: those who govern one of
 * its conferences; another conference's transfer is not seen (404).
 */
export const TRANSFER_ROWS: Record<string, MatrixRow> = {
  'conference.transfers': row(only(GOVERN_CONFERENCE, 200), only(['Superadmin'], 200)),
  // The call names nobody enrolled: passing authorization reaches the email's field message.
  'conference.requestTransfer': row(only(GOVERN_CONFERENCE, 400), only(['Superadmin'], 400)),
  'conference.approveTransfer': row(only(GOVERN_CONFERENCE, 200), { ...only(['ConferenceAdmin'], 404), Superadmin: 200 }),
  'conference.refuseTransfer': row(only(GOVERN_CONFERENCE, 200), { ...only(['ConferenceAdmin'], 404), Superadmin: 200 }),
  'conference.cancelTransfer': row(only(GOVERN_CONFERENCE, 200), { ...only(['ConferenceAdmin'], 404), Superadmin: 200 }),
};
