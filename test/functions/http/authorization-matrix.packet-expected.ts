import type { Cell, MatrixRow } from './authorization-matrix.expected';

/** `yes` for the named roles, 403 for everyone else. */
const only = (names: readonly string[], yes: number): Cell => ({ default: 403, ...Object.fromEntries(names.map((name) => [name, yes])) });

/**
 * The candidate packet (issue 27, item 5): whoever may open the enrolment, as its page
 * (track.trackInstance in authorization-matrix.instance-expected.ts): track-override roles where they
 * govern; advisors only through their own assignments, which the matrix's enrolments lack. The link:
 * the requester's own finished packet, while they may still open the enrolment.
 */
const OPENS = ['Superadmin', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent'] as const;

export const PACKET_ROWS: Record<string, MatrixRow> = {
  'track.startPacket': { own: only(OPENS, 202), other: only(['Superadmin'], 202), anonymous: 401 },
  'track.packetLink': { own: only(OPENS, 200), other: only(['Superadmin'], 200), anonymous: 401 },
};
