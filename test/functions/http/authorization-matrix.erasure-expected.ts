import type { MatrixRow } from './authorization-matrix.expected';

/** `yes` for superadmins, 403 for everyone else (`manage all` before anything is read). */
const superadminOnly = (yes: number): MatrixRow => {
  const cell = { default: 403, Superadmin: yes };
  return { own: cell, other: cell, anonymous: 401 };
};

/**
 * Erasure of a person (issue 25, item 4): superadmins only, in and out of any scope; everyone else
 * is refused before the person is read (403), whatever their power over people.
 */
export const ERASURE_ROWS: Record<string, MatrixRow> = {
  'user.erasurePreview': superadminOnly(200),
  'user.erase': superadminOnly(202),
};
