import { DEMO_LOCATION_IDS } from '../../functions/db/seed/demo-organisation';
import { DEMO_INSTANCE_IDS } from '../../functions/db/seed/demo-tracks';
import { systemRoleByName } from '../../shared/auth/system-roles';
import { COMMITTEE_VOTE } from '../../shared/schemas/committee-vote';
import type { InterviewPage } from '../../shared/schemas/panel-interview';
import type { StepInstancePage } from '../../shared/schemas/step-instance';
import type { TrackInstanceView } from '../../shared/schemas/track-instance';
import type { TransferView } from '../../shared/schemas/transfer';
import { AS, demoUserId } from './accounts';
import { addPeople, deactivate } from './admin-cases';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';
import { freshEnrolments, removeFresh, stepPage, type Enrolment } from './enrolment-fixtures';
import { forEachConcurrently, forgetRateCount } from './fixtures';
import { BENCH_TASK, deleteTracks, HOME, jobResults, tracksWithPhases } from './track-cases';

/**
 * Committee votes, panel interviews and transfers between conferences (issue 26). Votes and
 * interviews: a track made for each case whose one step (a task, then a Committee Vote) is voted
 * on by a panel of five chaired by the demo interviewer (four people added for the run given
 * Interviewer); each call works on an enrolment of its own in that track, brought to the state the
 * call needs (the task ticked, the vote opened, the chair's vote cast, times proposed), since
 * opening, voting, recusing, closing, proposing, confirming and cancelling each happen once.
 * Transfers: Prairie Rivers (the superadmin: no demo account governs it) asks for Blue Ridge's
 * candidates, people added for the run and enrolled in the demo track; the demo conference admin
 * decides. Clean-up removes the enrolments (moved ones and their track copies too), the tracks and
 * the people.
 */
const WRITE_CALLS = 20;
const CHAIR = AS.interviewer;
const PANEL_ADDED = 4;
const INTERVIEWER = systemRoleByName('Interviewer').id;
const actionPath = (actionId: string, verb: string) => `/api/step/instance/action/${actionId}/${verb}`;

/** Three interview times two to four weeks ahead (wall-clock, in the conference's zone). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const SLOTS = [`${day(14)}T10:00`, `${day(15)}T14:00`, `${day(16)}T09:30`].map((start) => ({ start, minutes: 60 }));

interface Committee {
  trackId: string;
  /** The step template holding the vote. */
  stepId: string;
  panel: string[];
}

/** A track of one step (a task, then a Committee Vote of its panel: quorum 1, simple majority of votes cast). */
async function committeeTrack(ctx: BenchContext, label: string): Promise<Committee> {
  const [{ trackId, phaseIds }] = await tracksWithPhases(ctx, 1, label, 1);
  const panel = await addPeople(ctx, PANEL_ADDED);
  await ctx.api(AS.conferenceAdmin, 'POST', '/api/role/roles', { userIds: panel, roleId: INTERVIEWER });
  const chairId = demoUserId(CHAIR);
  const group = await ctx.api<{ id: string }>(AS.conferenceAdmin, 'POST', '/api/user-group', {
    trackTemplateId: trackId,
    name: 'Bench committee',
    description: 'Made by the benchmark',
    conferenceId: HOME,
    users: [chairId, ...panel].map((id) => ({ id })),
    chairId,
  });
  const vote = { userGroupId: group.id, quorum: 1, majority: 'simple', base: 'cast' };
  const step = await ctx.api<{ id: string }>(AS.conferenceAdmin, 'POST', '/api/step/template/create-step-template', {
    phaseId: phaseIds[0],
    name: 'Bench committee step',
    contents: [BENCH_TASK],
    actions: [{ type: COMMITTEE_VOTE, name: 'Committee vote', vote }],
  });
  return { trackId, stepId: step.id, panel };
}

/** How far an enrolment's vote is taken before its call: enrolled only, its task ticked, the vote opened, the chair's vote cast, or interview times proposed. */
type Stage = 'enrolled' | 'ready' | 'open' | 'voted' | 'proposed';

interface OnVote {
  actionId: string;
  /** The action's version, or the interview's once times are proposed. */
  version: number;
  slotIds: string[];
}

async function bringTo(ctx: BenchContext, committee: Committee, enrolment: Enrolment, stage: Stage): Promise<OnVote> {
  const stepInstanceId = enrolment.steps[committee.stepId];
  let page: StepInstancePage = await stepPage(ctx, stepInstanceId);
  const actionId = page.actions[0].id;
  const at = (current: StepInstancePage) => ({ actionId, version: current.actions[0].version, slotIds: [] });
  if (stage === 'enrolled') return at(page);
  if (stage === 'proposed') {
    const { interview } = await ctx.api<InterviewPage>(CHAIR, 'POST', actionPath(actionId, 'interview/propose'), { slots: SLOTS });
    return { actionId, version: interview!.version, slotIds: interview!.slots.map((slot) => slot.id) };
  }
  // The conference admin (a track override) ticks the task: a vote opens once the step's content is done.
  const [task] = page.contents;
  page = await ctx.api<StepInstancePage>(AS.conferenceAdmin, 'PATCH', `/api/step/instance/content/${task.id}`, { instanceType: 'Task', version: task.version, completed: true });
  if (stage === 'ready') return at(page);
  page = await ctx.api<StepInstancePage>(CHAIR, 'POST', actionPath(actionId, 'open-vote'), { version: page.actions[0].version });
  if (stage === 'voted') page = await ctx.api<StepInstancePage>(CHAIR, 'POST', actionPath(actionId, 'vote'), { choice: 'Approve' });
  return at(page);
}

interface CommitteeWork {
  committee: Committee;
  enrolments: Enrolment[];
  /** Each call's vote, in call order. */
  votes: OnVote[];
}

/** Each call as the chair on an enrolment of its own, brought to `stage`: `verb` names the route after the action. */
const onOwnVotes = (verb: string, stage: Stage, body: (vote: OnVote) => unknown) =>
  benchCase<CommitteeWork>({
    as: CHAIR,
    method: 'POST',
    path: actionPath('{id}', verb),
    calls: WRITE_CALLS,
    prepare: async (ctx, calls) => {
      const committee = await committeeTrack(ctx, `committee ${verb}`);
      const enrolments = await freshEnrolments(ctx, calls, committee.trackId);
      const votes = new Map<string, OnVote>();
      await forEachConcurrently(enrolments, async (enrolment) => votes.set(enrolment.trackInstanceId, await bringTo(ctx, committee, enrolment, stage)));
      return { committee, enrolments, votes: enrolments.map((enrolment) => votes.get(enrolment.trackInstanceId)!) };
    },
    each: (call, work) => ({ path: actionPath(work.votes[call].actionId, verb), body: body(work.votes[call]) }),
    cleanUp: removeCommittee,
    singleItem: true,
  });

async function removeCommittee(ctx: BenchContext, work: CommitteeWork): Promise<void> {
  await removeFresh(ctx, work.enrolments);
  await deleteTracks(ctx, [work.committee.trackId]);
  await deactivate(ctx, work.committee.panel);
}

const RECEIVING = DEMO_LOCATION_IDS.conference2;
const SENDING = DEMO_LOCATION_IDS.conference1;
const transfersPath = `/api/conference/${RECEIVING}/transfers`;
const transferPath = (transferId: string, verb: string) => `/api/conference/transfer/${transferId}/${verb}`;

interface Candidate extends Enrolment {
  email: string;
}

/** People added for the run, each enrolled in the demo track of Blue Ridge (one conference: a transfer may be asked for them). */
async function candidates(ctx: BenchContext, count: number): Promise<Candidate[]> {
  const enrolments = await freshEnrolments(ctx, count);
  const emails = new Map<string, string>();
  await forEachConcurrently(enrolments, async ({ userId }) => emails.set(userId, (await ctx.api<{ email: string }>(AS.conferenceAdmin, 'GET', `/api/user/${userId}`)).email));
  return enrolments.map((enrolment) => ({ ...enrolment, email: emails.get(enrolment.userId)! }));
}

const transferRequest = (candidate: Candidate) => ({ email: candidate.email, locationId: DEMO_LOCATION_IDS.district3, note: 'Asked for by the benchmark' });

interface Requested {
  candidates: Candidate[];
  transfers: TransferView[];
}

/** Candidates with a transfer requested for each; the requester's count of requests is removed before each (a fixture is not a measured call). */
async function requested(ctx: BenchContext, count: number): Promise<Requested> {
  const made = await candidates(ctx, count);
  const transfers: TransferView[] = [];
  for (const candidate of made) {
    await forgetRateCount('transferRequest', AS.superadmin);
    transfers.push(await ctx.api<TransferView>(AS.superadmin, 'POST', transfersPath, transferRequest(candidate)));
  }
  return { candidates: made, transfers };
}

/** Withdraws the transfers still requested (the candidates' enrolments then leave as any others). */
async function cancelRequested(ctx: BenchContext, transfers: unknown[]): Promise<void> {
  await forEachConcurrently(transfers as TransferView[], async ({ transferId, version, status }) => {
    if (status === 'requested') await ctx.api(AS.superadmin, 'POST', transferPath(transferId, 'cancel'), { version });
  });
}

/** After approvals: the moved enrolments and the track copies made for them in Prairie Rivers, then the people (placed there now: the superadmin's to deactivate). */
async function removeTransferred(ctx: BenchContext, made: Requested, responses: unknown[]): Promise<void> {
  await jobResults(ctx, responses);
  const copies = new Set<string>();
  await forEachConcurrently(
    made.candidates,
    async ({ trackInstanceId }) => {
      const page = await ctx.api<TrackInstanceView>(AS.superadmin, 'GET', `/api/track/track-instance/${trackInstanceId}`);
      await ctx.api(AS.superadmin, 'DELETE', '/api/track/instance', { id: trackInstanceId, version: page.version });
      if (page.trackTemplateId !== DEMO_INSTANCE_IDS.trackTemplate) copies.add(page.trackTemplateId);
    },
    // Each removal lowers its track's instanceCount.
    1,
  );
  await forEachConcurrently([...copies], (trackId) => ctx.api(AS.superadmin, 'POST', `/api/track/delete-track/${trackId}`));
  const userIds = made.candidates.map((candidate) => candidate.userId);
  for (let start = 0; start < userIds.length; start += 25) await ctx.api(AS.superadmin, 'POST', '/api/admin/deactive-user', { ids: userIds.slice(start, start + 25) });
}

/** Each call decides a transfer of its own, requested for the run. */
const onRequested = (as: string, verb: string, body: (transfer: TransferView) => unknown, cleanUp: (ctx: BenchContext, made: Requested, responses: unknown[]) => Promise<void>) =>
  benchCase<Requested>({
    as,
    method: 'POST',
    path: transferPath('{id}', verb),
    calls: WRITE_CALLS,
    prepare: requested,
    each: (call, made) => ({ path: transferPath(made.transfers[call].transferId, verb), body: body(made.transfers[call]) }),
    cleanUp,
    singleItem: true,
  });

const removeCandidates = (ctx: BenchContext, made: { candidates: Candidate[] }) => removeFresh(ctx, made.candidates);

export const COMMITTEE_CASES: Record<string, BenchCase> = {
  'step.openVote': onOwnVotes('open-vote', 'ready', (vote) => ({ version: vote.version })),
  'step.castVote': onOwnVotes('vote', 'open', () => ({ choice: 'Approve', note: 'Ready for the next step.' })),
  'step.recuse': onOwnVotes('recuse', 'open', () => ({ reason: 'I taught the candidate.' })),
  // The chair's own vote meets the quorum: the close decides the action.
  'step.closeVote': onOwnVotes('close-vote', 'voted', (vote) => ({ version: vote.version, minutes: 'Approved by the committee.' })),
  // An interview with times proposed, read by its chair.
  'step.interview': benchCase<CommitteeWork>({
    as: CHAIR,
    path: actionPath('{id}', 'interview'),
    prepare: async (ctx) => {
      const committee = await committeeTrack(ctx, 'committee interview');
      const enrolments = await freshEnrolments(ctx, 1, committee.trackId);
      return { committee, enrolments, votes: [await bringTo(ctx, committee, enrolments[0], 'proposed')] };
    },
    each: (_call, work) => ({ path: actionPath(work.votes[0].actionId, 'interview') }),
    cleanUp: removeCommittee,
    singleItem: true,
  }),
  'step.proposeInterview': onOwnVotes('interview/propose', 'enrolled', () => ({ slots: SLOTS })),
  'step.markAvailability': onOwnVotes('interview/availability', 'proposed', (vote) => ({ slotIds: vote.slotIds.slice(0, 2) })),
  'step.confirmInterview': onOwnVotes('interview/confirm', 'proposed', (vote) => ({ slotId: vote.slotIds[0], place: 'Conference office, room 2', version: vote.version })),
  'step.cancelInterview': onOwnVotes('interview/cancel', 'proposed', (vote) => ({ reason: 'The candidate asked for another month.', version: vote.version })),
  // Blue Ridge's list with five transfers asked of it.
  'conference.transfers': benchCase<Requested>({
    as: AS.conferenceAdmin,
    path: `/api/conference/${SENDING}/transfers`,
    prepare: (ctx) => requested(ctx, 5),
    cleanUp: async (ctx, made) => {
      await cancelRequested(ctx, made.transfers);
      await removeCandidates(ctx, made);
    },
  }),
  'conference.requestTransfer': benchCase<Candidate[]>({
    as: AS.superadmin,
    path: transfersPath,
    calls: WRITE_CALLS,
    prepare: async (ctx, calls) => {
      const made = await candidates(ctx, calls);
      await forgetRateCount('transferRequest', AS.superadmin);
      return made;
    },
    each: (call, made) => ({ body: transferRequest(made[call]) }),
    cleanUp: async (ctx, made, responses) => {
      await cancelRequested(ctx, responses);
      await removeFresh(ctx, made);
    },
    singleItem: true,
  }),
  'conference.approveTransfer': onRequested(AS.conferenceAdmin, 'approve', ({ version }) => ({ version }), removeTransferred),
  'conference.refuseTransfer': onRequested(AS.conferenceAdmin, 'refuse', ({ version }) => ({ version, reason: 'The candidate is interviewed here next month.' }), removeCandidates),
  'conference.cancelTransfer': onRequested(AS.superadmin, 'cancel', ({ version }) => ({ version }), removeCandidates),
};
