import type { Cell, MatrixRow } from './authorization-matrix.expected';

/** `yes` for the named actors or roles, 403 for everyone else. */
const only = (names: readonly string[], yes: number): Cell => ({ default: 403, ...Object.fromEntries(names.map((name) => [name, yes])) });

/** Who reads track designs: everyone with a read policy on them, at their conference (read upwards from a district). */
const READ_TRACK = ['Superadmin', 'Bishop', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent', 'Advisor', 'Interviewer', 'Participant'] as const;
/** Designing a conference's tracks is its conference admins' (district roles read them upwards only). */
const WRITE_TRACK = ['Superadmin', 'ConferenceAdmin'] as const;
/** The advisor placed in two conferences reads both conferences' tracks: "other" is the second. */
const READ_OTHER = only(['Superadmin', 'Advisor-two-conferences'], 200);

const row = (own: Cell, other: Cell): MatrixRow => ({ own, other, anonymous: 401 });

/** Track templates and their phases: own = a track of the actor's conference, other = one of another conference. */
export const TRACK_ROWS: Record<string, MatrixRow> = {
  'track.create': row(only(WRITE_TRACK, 201), only(['Superadmin'], 201)),
  'track.update': row(only(WRITE_TRACK, 200), only(['Superadmin'], 200)),
  'track.deactivate': row(only(WRITE_TRACK, 200), only(['Superadmin'], 200)),
  'track.reactivate': row(only(WRITE_TRACK, 200), only(['Superadmin'], 200)),
  'track.remove': row(only(WRITE_TRACK, 202), only(['Superadmin'], 202)),
  'track.copy': row(only(WRITE_TRACK, 202), only(['Superadmin'], 202)),
  'track.importTemplate': row(only(WRITE_TRACK, 202), only(['Superadmin'], 202)),
  'track.trackTemplate': row(only(READ_TRACK, 200), READ_OTHER),
  'track.isSystemTrackWithCopies': row(only(READ_TRACK, 200), READ_OTHER),
  'track.byConference': row(only(READ_TRACK, 200), READ_OTHER),
  // The caller's own enrolments and assignments: everyone signed in, about themselves only.
  'track.assignedTracks': { own: 200, other: null, anonymous: 401, describesCaller: true },
  'track.quickSearch': row(only(READ_TRACK, 200), READ_OTHER),
  // The generic set: as the calls they alias.
  'track.list': { own: only(READ_TRACK, 200), other: null, anonymous: 401 },
  'track.count': row(only(READ_TRACK, 200), READ_OTHER),
  'track.query': row(only(READ_TRACK, 200), READ_OTHER),
  'track.search': row(only(READ_TRACK, 200), READ_OTHER),
  'track.get': row(only(READ_TRACK, 200), READ_OTHER),
  'track.createGeneric': row(only(WRITE_TRACK, 201), only(['Superadmin'], 201)),
  'track.bulk': row(only(WRITE_TRACK, 201), only(['Superadmin'], 201)),
  'track.updateById': row(only(WRITE_TRACK, 200), only(['Superadmin'], 200)),
  'track.updateGeneric': row(only(WRITE_TRACK, 200), only(['Superadmin'], 200)),
  'track.removeById': row(only(WRITE_TRACK, 202), only(['Superadmin'], 202)),
  'track.removeGeneric': row(only(WRITE_TRACK, 202), only(['Superadmin'], 202)),

  'phase.create': row(only(WRITE_TRACK, 201), only(['Superadmin'], 201)),
  'phase.update': row(only(WRITE_TRACK, 200), only(['Superadmin'], 200)),
  'phase.updateOrder': row(only(WRITE_TRACK, 200), only(['Superadmin'], 200)),
  'phase.remove': row(only(WRITE_TRACK, 204), only(['Superadmin'], 204)),
  'phase.importPhase': row(only(WRITE_TRACK, 202), only(['Superadmin'], 202)),
  'phase.getPhase': row(only(READ_TRACK, 200), READ_OTHER),
  // A list leaves out what the caller cannot read: 200 for every reader, empty out of reach.
  'phase.getPhases': row(only(READ_TRACK, 200), only(READ_TRACK, 200)),
  'phase.byTrack': row(only(READ_TRACK, 200), READ_OTHER),
  // The generic set: as the calls they alias (the lists as get-phases/track-template).
  'phase.list': row(only(READ_TRACK, 200), READ_OTHER),
  'phase.quickSearch': row(only(READ_TRACK, 200), READ_OTHER),
  'phase.count': row(only(READ_TRACK, 200), READ_OTHER),
  'phase.query': row(only(READ_TRACK, 200), READ_OTHER),
  'phase.search': row(only(READ_TRACK, 200), READ_OTHER),
  'phase.get': row(only(READ_TRACK, 200), READ_OTHER),
  'phase.createGeneric': row(only(WRITE_TRACK, 201), only(['Superadmin'], 201)),
  'phase.bulk': row(only(WRITE_TRACK, 201), only(['Superadmin'], 201)),
  'phase.updateById': row(only(WRITE_TRACK, 200), only(['Superadmin'], 200)),
  'phase.updateGeneric': row(only(WRITE_TRACK, 200), only(['Superadmin'], 200)),
  'phase.removeById': row(only(WRITE_TRACK, 204), only(['Superadmin'], 204)),
  'phase.removeGeneric': row(only(WRITE_TRACK, 204), only(['Superadmin'], 204)),

  'step.createStepTemplate': row(only(WRITE_TRACK, 201), only(['Superadmin'], 201)),
  'step.updateStepTemplate': row(only(WRITE_TRACK, 200), only(['Superadmin'], 200)),
  'step.createFromImport': row(only(WRITE_TRACK, 201), only(['Superadmin'], 201)),
  'step.importableSteps': row(only(READ_TRACK, 200), READ_OTHER),
  'step.updatePrerequisites': row(only(WRITE_TRACK, 200), only(['Superadmin'], 200)),
  'step.stepTemplate': row(only(READ_TRACK, 200), READ_OTHER),
  'step.attachment': row(only(READ_TRACK, 200), READ_OTHER),
  'step.stepContentTemplate': row(only(READ_TRACK, 200), READ_OTHER),
  'step.stepActionTemplate': row(only(READ_TRACK, 200), READ_OTHER),
  'step.stepTaskTemplate': row(only(READ_TRACK, 200), READ_OTHER),
  'step.stepUploadTemplate': row(only(READ_TRACK, 200), READ_OTHER),
  // Lists leave out what the caller does not read: another conference's ids answer an empty list.
  'step.stepTemplates': row(only(READ_TRACK, 200), only(READ_TRACK, 200)),
  'step.stepContentTemplates': row(only(READ_TRACK, 200), only(READ_TRACK, 200)),
  'step.stepActionTemplates': row(only(READ_TRACK, 200), only(READ_TRACK, 200)),
  'step.stepTaskTemplates': row(only(READ_TRACK, 200), only(READ_TRACK, 200)),
  'step.stepUploadTemplates': row(only(READ_TRACK, 200), only(READ_TRACK, 200)),
  // The generic set: as the calls they alias (the lists as import-step-templates/phase).
  'step.list': row(only(READ_TRACK, 200), READ_OTHER),
  'step.quickSearch': row(only(READ_TRACK, 200), READ_OTHER),
  'step.count': row(only(READ_TRACK, 200), READ_OTHER),
  'step.query': row(only(READ_TRACK, 200), READ_OTHER),
  'step.search': row(only(READ_TRACK, 200), READ_OTHER),
  'step.get': row(only(READ_TRACK, 200), READ_OTHER),
  'step.create': row(only(WRITE_TRACK, 201), only(['Superadmin'], 201)),
  'step.bulk': row(only(WRITE_TRACK, 202), only(['Superadmin'], 202)),
  'step.updateById': row(only(WRITE_TRACK, 200), only(['Superadmin'], 200)),
  'step.update': row(only(WRITE_TRACK, 200), only(['Superadmin'], 200)),
};
