import { directoryLists, type DirectoryEntryInput } from '../../db/directory';
import { tallyScopes, type TalliedEnrolment } from './tally-metrics';

/**
 * The lists behind a dashboard's enrolment figures (issue 27: "every figure links to the filtered
 * list behind it"): each enrolment in its status's `placeEnrolments` list, and an Open one with a
 * current phase in that phase's `phaseEnrolments` list, in the organisation and every place of its
 * chain: exactly the places and conditions its `status:` and `track:…:phase:` figures count in
 * (./tally-metrics.ts), so a list holds as many enrolments as the figure that links to it. Sorted
 * by when the enrolment was made (oldest first: the longest in formation lead). Names are read when
 * shown, as for "who is stuck".
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
  /** An Open enrolment's current phase. */
  phaseId?: string;
  /** The places the entry is listed in: a reader drops those of places inside its scope it may not see. */
  places: string[];
}

/** Sorts by when the enrolment was made, then its id. */
export const enrolledTerm = (enrolledAt: string, trackInstanceId: string) => `${enrolledAt}|${trackInstanceId}`;

/** `phaseId`: the Open enrolment's current phase as its figures count it (`currentPhase`), or none. */
export function enrolledEntries(enrolment: EnrolledEnrolment, phaseId: string | undefined): DirectoryEntryInput[] {
  const places = tallyScopes(enrolment);
  const enrolledAt = enrolment.createdAt ?? '';
  const inPhase = enrolment.status === 'Open' ? phaseId : undefined;
  const display: EnrolledDisplay = {
    trackInstanceId: enrolment.trackInstanceId,
    trackTemplateId: enrolment.trackTemplateId,
    participantId: enrolment.participantId,
    status: enrolment.status,
    enrolledAt,
    ...(inPhase && { phaseId: inPhase }),
    places,
  };
  const lists = [directoryLists.placeEnrolments(enrolment.status), ...(inPhase ? [directoryLists.phaseEnrolments(enrolment.trackTemplateId, inPhase)] : [])];
  const term = enrolledTerm(enrolledAt, enrolment.trackInstanceId);
  return lists.flatMap((list) => places.map((scopeId) => ({ scopeId, list, term, targetId: enrolment.trackInstanceId, display: display as unknown as Record<string, unknown> })));
}
