/**
 * The months the cost model plays (bin/bench/cost-model.ts): which routes a user's month calls, how
 * often, and why. Every entry is a case of bin/bench/cases.ts (it says as whom and on what the route
 * is called) and a count per month. The calls are the web app's own (web/src):
 * - every page load (AccountGate, Shell): user.current, user.abilities, security.secondFactor,
 *   app.settings, then announcement.announcements (warm-up.ts) and the bell's list
 *   (notification.userNotifications, use-user-notifications.ts);
 * - /tracks (TrackListPage): track.assignedTracks; a track page (TrackInstancePage): track.trackInstance
 *   (verify-step-instances only when the template gained steps: left out); a step page (StepPage):
 *   step.stepInstance, step.instanceAttachment for an attached file;
 * - a task ticked or files added to an upload (StepContentItem, StepUploadBox): step.changeContent;
 *   an upload (lib/files/upload-file.ts): file.requestUpload, the browser's POST to S3, file.confirmUpload;
 *   opening a file: file.download, then the browser's GET from S3;
 * - a form (FormInstanceRunner): form.formInstance, form.saveFormInstance (a save or the submission);
 * - the bell (use-unread-counts.ts): notification.unreadCount after 15 s, then 30 s, then every 45 s
 *   while the tab is visible; a click marks one read (notification.setRead), "mark all" bulkSetRead;
 * - sign-in when the session has ended (8 hours idle): security.loginSpa, the provider's pages
 *   (Cognito, not ours), security.authenticate.
 *
 * Some cases call as another demo account than the one named here (a case measures the route's work
 * on demo data; `who` is whose month it is): user.abilities as the conference admin, secondFactor as
 * the superadmin, announcements as the mentor, assignedTracks as the advisor, bulkSetRead on the
 * superadmin's inbox, changeContent as the conference admin on an enrolment of its own. Each of those
 * reads or writes at least what the participant's own call would, so the month is not understated.
 */
export interface MixEntry {
  /** A case id of bin/bench/cases.ts (a contract id). */
  id: string;
  /** Calls a month. */
  count: number;
  /** Whose calls: the participant's own, or their share of an advisor's or an administrator's. */
  who: 'participant' | 'advisor' | 'admin' | 'user';
  why: string;
}

/** Visits a month of an active participant (a visit: sign in, the first screen, some pages, about five minutes with the tab visible). */
export const PARTICIPANT_VISITS = 8;
/** The bell's polls in a visit of about five visible minutes: 15 s, 45 s, then every 45 s (use-unread-counts.ts). */
export const POLLS_PER_VISIT = 7;
/** An advisor serves about 15 participants and visits about 15 times a month: one visit per participant-month. */
export const ADVISOR_VISITS_PER_PARTICIPANT = 1;

const FIRST_SCREEN = ['user.current', 'user.abilities', 'security.secondFactor', 'app.settings', 'announcement.announcements', 'notification.userNotifications'] as const;

const firstScreen = (who: MixEntry['who'], visits: number): MixEntry[] =>
  FIRST_SCREEN.map((id) => ({ id, count: visits, who, why: 'every page load (AccountGate, Shell, the bell)' }));

/**
 * One active participant's month: 176 of their own calls and 24 of the advisor and administrators
 * who serve them (one advisor for about 15 participants: their reviews of this participant's work,
 * and a fifteenth of their own visits; a conference admin's participants table and profile look).
 */
export const ACTIVE_PARTICIPANT_MONTH: MixEntry[] = [
  { id: 'security.loginSpa', count: PARTICIPANT_VISITS, who: 'participant', why: 'each visit starts a sign-in (the session ends after 8 hours idle)' },
  { id: 'security.authenticate', count: PARTICIPANT_VISITS, who: 'participant', why: 'the provider redirects back: a session is opened' },
  ...firstScreen('participant', PARTICIPANT_VISITS),
  { id: 'track.assignedTracks', count: PARTICIPANT_VISITS, who: 'participant', why: 'each visit lands on /tracks' },
  { id: 'notification.unreadCount', count: PARTICIPANT_VISITS * POLLS_PER_VISIT, who: 'participant', why: 'the bell polls while the tab is visible' },
  { id: 'track.trackInstance', count: 10, who: 'participant', why: 'the track page, opened from the list and after step work' },
  { id: 'step.stepInstance', count: 16, who: 'participant', why: 'step pages: two a visit' },
  { id: 'form.formInstance', count: 4, who: 'participant', why: 'the questionnaire opened' },
  { id: 'form.saveFormInstance', count: 4, who: 'participant', why: 'three saves and the submission' },
  { id: 'file.requestUpload', count: 2, who: 'participant', why: 'two documents uploaded (transcript, reference letter)' },
  { id: 'file.confirmUpload', count: 2, who: 'participant', why: 'each upload confirmed after the browser posts it to S3' },
  { id: 'step.changeContent', count: 4, who: 'participant', why: 'two uploads added to their steps, two tasks ticked' },
  { id: 'notification.setRead', count: 4, who: 'participant', why: 'notifications clicked' },
  { id: 'notification.bulkSetRead', count: 1, who: 'participant', why: 'mark all read' },
  { id: 'step.instanceAttachment', count: 1, who: 'participant', why: 'a file attached to a step opened' },
  // Their advisor's share.
  { id: 'step.decideAction', count: 2, who: 'advisor', why: 'approvals of this participant\'s call story and questionnaire' },
  { id: 'step.setStatus', count: 1, who: 'advisor', why: 'a step set Completed' },
  { id: 'track.trackInstance', count: 2, who: 'advisor', why: 'the participant\'s track page' },
  { id: 'step.stepInstance', count: 4, who: 'advisor', why: 'the steps under review' },
  { id: 'form.formInstance', count: 2, who: 'advisor', why: 'the answers read' },
  { id: 'file.download', count: 2, who: 'advisor', why: 'the uploaded documents opened' },
  ...firstScreen('advisor', ADVISOR_VISITS_PER_PARTICIPANT),
  { id: 'track.assignedTracks', count: ADVISOR_VISITS_PER_PARTICIPANT, who: 'advisor', why: 'their visit lands on /tracks' },
  { id: 'notification.unreadCount', count: 2, who: 'advisor', why: 'the bell during their visit (share)' },
  // An administrator's share.
  { id: 'track.instances', count: 1, who: 'admin', why: 'the participants table' },
  { id: 'user.profileBasicInfo', count: 1, who: 'admin', why: 'the participant\'s profile' },
];

/**
 * The month of one of the other users (advisors, mentors, interviewers, admins in their own right are
 * counted in the participants' months above; these are people with an account who come rarely): one
 * visit a month, which is more than "rarely", so an upper bound.
 */
export const RARE_USER_MONTH: MixEntry[] = [
  { id: 'security.loginSpa', count: 1, who: 'user', why: 'one sign-in' },
  { id: 'security.authenticate', count: 1, who: 'user', why: 'one session opened' },
  ...firstScreen('user', 1),
  { id: 'track.assignedTracks', count: 1, who: 'user', why: 'the landing page' },
  { id: 'notification.unreadCount', count: 3, who: 'user', why: 'the bell during a short visit' },
  { id: 'notification.setRead', count: 1, who: 'user', why: 'the announcement that brought them clicked' },
];

/** Emails and SMS a month (the scenario): an active participant 20 and 2, a rare user 2 (announcements, reminders) and none. */
export const EMAILS = { activeParticipant: 20, rareUser: 2 };
export const SMS = { activeParticipant: 2, rareUser: 0 };

/** Uploads (documents, assumed 1 MB each, kept) and downloads straight from the uploads bucket. */
export const UPLOAD_MB = 1;

/** The conference scenario of issue 23. */
export const SCENARIO = { users: 2000, activeParticipants: 300 };

/**
 * Hours a month in which people use the app (7:00 to 21:00 every day): each service the months call
 * has data in its four request metrics, a warm function reading its secrets every five minutes, and
 * the origin authorizer answers once per five minutes (its answer is cached by the header's value).
 */
export const BUSY_HOURS = 14 * 30;
/** Hours a month in which the services only administrators call receive a request. */
export const ADMIN_HOURS = 20;
/** Deploys a month: each makes every visitor download the SPA's files once again (hashed names, cached otherwise). */
export const DEPLOYS_PER_MONTH = 2;
