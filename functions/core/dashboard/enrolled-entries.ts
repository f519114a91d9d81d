import { directoryLists, type DirectoryEntryInput } from '../../db/directory';
import { endedAtOf, ENDED_STATUSES, tallyScopes, type TalliedEnrolment } from './tally-metrics';

/**
 * The lists behind a dashboard's enrolment figures (issue 27: "every figure links to the filtered
 * list behind it"), in the organisation and every place of the enrolment's chain, exactly where and
 * when its figures count it (./tally-metrics.ts), so a list (or a month of it) holds as many
 * enrolments as the figure that links to it:
 * - `placeEnrolments`: every enrolment by when it was made (`enrolled:<month>`: a month's range);
 * - `placeEnrolments:<status>`: by status (`status:<S>`); an Open one by when it was made, an ended
 *   one by when it ended (`ended:<S>:<month>`: a month's range);
 * - `phaseEnrolments:<track>:<phase>`: an Open one with a current phase (`track:…:phase:…`).
 * Oldest first. Names are read when shown, as for "who is stuck".
 */
export interface EnrolledEnrolment extends TalliedEnrolment {
  trackInstanceId: string;
  participantId: string;
}

export interface EnrolledDisplay {
  trackInstanceId: string;
  trackTemplateId: string;
  participantId: string;
  status: string;
  enrolledAt: string;
  /** When an ended enrolment ended, as its figures count it. */
  endedAt?: string;
  /** An Open enrolment's current phase. */
  phaseId?: string;
  /** The places the entry is listed in: a reader drops those of places inside its scope it may not see. */
  places: string[];
}

/** Sorts by a time (when the enrolment was made, or ended), then its id. */
export const enrolledTerm = (at: string, trackInstanceId: string) => `${at}|${trackInstanceId}`;

/** `phaseId`: the Open enrolment's current phase as its figures count it (`currentPhase`), or none. */
export function enrolledEntries(enrolment: EnrolledEnrolment, phaseId: string | undefined): DirectoryEntryInput[] {
  const places = tallyScopes(enrolment);
  const enrolledAt = enrolment.createdAt ?? '';
  const endedAt = ENDED_STATUSES.includes(enrolment.status) ? (endedAtOf(enrolment) ?? '') : undefined;
  const inPhase = enrolment.status === 'Open' ? phaseId : undefined;
  const display: EnrolledDisplay = {
    trackInstanceId: enrolment.trackInstanceId,
    trackTemplateId: enrolment.trackTemplateId,
    participantId: enrolment.participantId,
    status: enrolment.status,
    enrolledAt,
    ...(endedAt && { endedAt }),
    ...(inPhase && { phaseId: inPhase }),
    places,
  };
  const byMade = enrolledTerm(enrolledAt, enrolment.trackInstanceId);
  const lists: Array<[list: string, term: string]> = [
    // As `enrolled:<month>` counts: only an enrolment that says when it was made.
    ...(enrolment.createdAt ? [[directoryLists.placeEnrolments(), byMade] as [string, string]] : []),
    [directoryLists.placeEnrolments(enrolment.status), endedAt === undefined ? byMade : enrolledTerm(endedAt, enrolment.trackInstanceId)],
    ...(inPhase ? [[directoryLists.phaseEnrolments(enrolment.trackTemplateId, inPhase), byMade] as [string, string]] : []),
  ];
  return lists.flatMap(([list, term]) => places.map((scopeId) => ({ scopeId, list, term, targetId: enrolment.trackInstanceId, display: display as unknown as Record<string, unknown> })));
}
