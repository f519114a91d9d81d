import * as z from 'zod';
import { idOf } from '../api/id-list';

/**
 * Committee votes (issue 26): a step action of type Committee Vote names an interview group of
 * its track, a quorum and the majority it needs. The group's chair opens and closes it; members
 * vote Approve, Deny or Abstain, or recuse. The rule lives here once: the editor's fields, the
 * server's tally and the page's figures all use `tallyVotes`.
 */
export const COMMITTEE_VOTE = 'Committee Vote';

export const MAJORITIES = ['simple', 'twoThirds', 'threeFourths', 'unanimous'] as const;
export type Majority = (typeof MAJORITIES)[number];
export const MAJORITY_LABELS: Record<Majority, string> = { simple: 'Simple majority', twoThirds: 'Two-thirds', threeFourths: 'Three-fourths', unanimous: 'Unanimous' };

/** Of votes cast (Approve and Deny; abstentions do not count) or of members present (every member who voted, abstentions included). */
export const MAJORITY_BASES = ['cast', 'present'] as const;
export type MajorityBase = (typeof MAJORITY_BASES)[number];
export const MAJORITY_BASE_LABELS: Record<MajorityBase, string> = { cast: 'of votes cast', present: 'of members present' };

export const QUORUM_KINDS = ['count', 'share'] as const;
export type QuorumKind = (typeof QUORUM_KINDS)[number];
export const QUORUM_KIND_LABELS: Record<QuorumKind, string> = { count: 'Members', share: 'Percent of members' };

export const VOTE_CHOICES = ['Approve', 'Deny', 'Abstain'] as const;
export type VoteChoice = (typeof VOTE_CHOICES)[number];

export const VOTE_NOTE_MAX = 2_000;
export const RECUSAL_REASON_MAX = 500;
export const VOTE_MINUTES_MAX = 20_000;
/** Largest quorum as a number of members: a group holds at most 40 (USER_GROUP_MEMBERS_MAX). */
export const QUORUM_COUNT_MAX = 40;

export const QUORUM_MESSAGE = `Quorum must be a whole number from 1 to ${QUORUM_COUNT_MAX} members, or from 1 to 100 percent.`;
export const VOTE_RULE_REQUIRED = 'A committee vote needs its group, quorum and majority.';
export const VOTE_RULE_ONLY_FOR_VOTES = 'Only a committee vote has a group, quorum and majority.';
export const VOTE_GROUP_OF_TRACK = 'Choose an interview group of this track.';

/** The rule as the step editor sends it and the template stores it. */
export const committeeVoteRuleSchema = z
  .object({
    userGroupId: idOf('Group is required.'),
    quorumKind: z.enum(QUORUM_KINDS, 'Quorum must be counted in members or as a percent.').default('count'),
    quorum: z.number({ error: QUORUM_MESSAGE }).int(QUORUM_MESSAGE).min(1, QUORUM_MESSAGE).max(100, QUORUM_MESSAGE),
    majority: z.enum(MAJORITIES, 'Majority must be simple, two-thirds, three-fourths or unanimous.').default('simple'),
    base: z.enum(MAJORITY_BASES, 'Majority is of votes cast or of members present.').default('cast'),
  })
  .refine((rule) => rule.quorumKind === 'share' || rule.quorum <= QUORUM_COUNT_MAX, { message: QUORUM_MESSAGE, path: ['quorum'] });
export type CommitteeVoteRule = z.infer<typeof committeeVoteRuleSchema>;

/** How the rule reads in a sentence: "Quorum 5 members; three-fourths of members present". */
export function ruleText(rule: Omit<CommitteeVoteRule, 'userGroupId'>): string {
  const quorum = rule.quorumKind === 'share' ? `${rule.quorum}% of members` : `${rule.quorum} member${rule.quorum === 1 ? '' : 's'}`;
  return `Quorum ${quorum}; ${MAJORITY_LABELS[rule.majority].toLowerCase()} ${MAJORITY_BASE_LABELS[rule.base]}`;
}

export interface Tally {
  approve: number;
  deny: number;
  abstain: number;
  recused: number;
  /** Members who may vote (the group when the vote opened, less the recused). */
  eligible: number;
  /** Members who voted, abstentions included. */
  present: number;
  /** Members present the quorum needs. */
  quorumNeeded: number;
  quorumMet: boolean;
  /** What closing now decides: null while the quorum is not met. */
  outcome: 'approved' | 'denied' | null;
}

const THRESHOLDS: Record<Exclude<Majority, 'unanimous'>, [number, number, boolean]> = {
  // [numerator, denominator, strictly more than]: a simple majority is more than half; the others at least their share.
  simple: [1, 2, true],
  twoThirds: [2, 3, false],
  threeFourths: [3, 4, false],
};

/** Whether `approve` of `base` meets the majority, in whole numbers (no rounding of shares). */
export function majorityMet(majority: Majority, approve: number, base: number): boolean {
  if (base <= 0 || approve <= 0) return false;
  if (majority === 'unanimous') return approve === base;
  const [num, den, strict] = THRESHOLDS[majority];
  return strict ? approve * den > base * num : approve * den >= base * num;
}

/**
 * The tally of a vote: `members` is the group as it opened, `ballots` each member's current
 * choice ('Recused' for a recusal). Recused members neither vote nor count toward the quorum.
 */
export function tallyVotes(rule: Pick<CommitteeVoteRule, 'quorumKind' | 'quorum' | 'majority' | 'base'>, memberCount: number, ballots: ReadonlyArray<VoteChoice | 'Recused'>): Tally {
  const count = (choice: VoteChoice | 'Recused') => ballots.filter((b) => b === choice).length;
  const [approve, deny, abstain, recused] = [count('Approve'), count('Deny'), count('Abstain'), count('Recused')];
  const eligible = Math.max(0, memberCount - recused);
  const present = approve + deny + abstain;
  const quorumNeeded = rule.quorumKind === 'share' ? Math.max(1, Math.ceil((rule.quorum * eligible) / 100)) : rule.quorum;
  const quorumMet = present >= quorumNeeded && present > 0;
  const base = rule.base === 'cast' ? approve + deny : present;
  const outcome = quorumMet ? (majorityMet(rule.majority, approve, base) ? 'approved' : 'denied') : null;
  return { approve, deny, abstain, recused, eligible, present, quorumNeeded, quorumMet, outcome };
}

/** Why a member is recused automatically (SPEC of issue 26): they stand too close to the candidate. */
export const CONFLICT_REASONS = {
  mentor: "You are the participant's mentor.",
  advisor: "You are the participant's advisor.",
  church: "You are a member of the participant's home church.",
} as const;
export type ConflictKind = keyof typeof CONFLICT_REASONS;

export const VOTE_STATES = ['notOpened', 'open', 'closed'] as const;
export type VoteState = (typeof VOTE_STATES)[number];

const personSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

/** One member's ballot as the page shows it: to members only after they voted, or to all once closed. */
export const ballotViewSchema = z.object({
  user: personSchema,
  choice: z.enum([...VOTE_CHOICES, 'Recused']).nullable(),
  note: z.string().optional(),
  reason: z.string().optional(),
  /** Recused by a conflict rule, not by the member. */
  automatic: z.boolean().optional(),
  updatedAt: z.string().optional(),
});
export type BallotView = z.infer<typeof ballotViewSchema>;

export const tallySchema = z.object({
  approve: z.number().int(), deny: z.number().int(), abstain: z.number().int(), recused: z.number().int(),
  eligible: z.number().int(), present: z.number().int(), quorumNeeded: z.number().int(), quorumMet: z.boolean(),
  outcome: z.enum(['approved', 'denied']).nullable(),
});

/**
 * The vote on the step page, for the group's members, the enrolment's advisor and track-override
 * roles; never for the participant (their page carries null and shows only the outcome).
 */
export const committeeVoteViewSchema = z.object({
  state: z.enum(VOTE_STATES),
  rule: z.object({ quorumKind: z.enum(QUORUM_KINDS), quorum: z.number().int(), majority: z.enum(MAJORITIES), base: z.enum(MAJORITY_BASES), text: z.string() }),
  group: z.object({ id: z.string(), name: z.string(), chair: personSchema.nullable() }),
  /** The caller is the group's chair: they open and close the vote. */
  isChair: z.boolean(),
  /** The caller's own ballot: null when they are not a member (of the group as it opened, once open). */
  mine: ballotViewSchema.nullable(),
  /** The caller may vote now (a member, not recused, the vote open). */
  canVote: z.boolean(),
  /** Every member's ballot and the tally: after the caller voted (or recused), to the chair, or once closed. */
  ballots: z.array(ballotViewSchema).nullable(),
  tally: tallySchema.nullable(),
  /** Members as the vote opened (the eligible list's size before recusals). */
  memberCount: z.number().int(),
  /** How many have voted so far: shown to everyone who sees the vote, without who or how. */
  votedCount: z.number().int(),
  openedAt: z.string().optional(),
  closedAt: z.string().optional(),
  closedBy: personSchema.optional(),
  minutes: z.string().optional(),
  /** Version of the action: open and close are conditioned on it (a stale close is 409). */
  version: z.number().int(),
});
export type CommitteeVoteView = z.infer<typeof committeeVoteViewSchema>;

const version = z.number({ error: 'version is required' }).int().min(1);

/** `POST step/instance/action/{id}/vote`: a member's vote; `version` is their ballot's (absent for a first vote). */
export const castVoteSchema = z.object({
  choice: z.enum(VOTE_CHOICES, 'Vote Approve, Deny or Abstain.'),
  note: z.string().trim().max(VOTE_NOTE_MAX, `A note must be at most ${VOTE_NOTE_MAX} characters.`).default(''),
  version: version.optional(),
});
export type CastVote = z.infer<typeof castVoteSchema>;

/** `POST step/instance/action/{id}/recuse`: a member steps aside with a reason. */
export const recuseSchema = z.object({
  reason: z.string({ error: 'A reason is required.' }).trim().min(1, 'A reason is required.').max(RECUSAL_REASON_MAX, `A reason must be at most ${RECUSAL_REASON_MAX} characters.`),
  version: version.optional(),
});
export type Recusal = z.infer<typeof recuseSchema>;

/** `POST step/instance/action/{id}/close`: the chair closes on the action's version with the minutes. */
export const closeVoteSchema = z.object({
  version,
  minutes: z.string().trim().max(VOTE_MINUTES_MAX, `Minutes must be at most ${VOTE_MINUTES_MAX} characters.`).default(''),
});
export type CloseVote = z.infer<typeof closeVoteSchema>;

export const VOTE_NOT_A_MEMBER = 'Only members of the committee can vote.';
export const VOTE_ONLY_CHAIR = 'Only the committee chair can open or close the vote.';
export const VOTE_NOT_OPEN = 'The vote is not open.';
export const VOTE_ALREADY_OPEN = 'The vote is already open or closed.';
export const VOTE_QUORUM_NOT_MET = 'The quorum is not met: the vote stays open.';
export const VOTE_RECUSED = 'You are recused from this vote.';
export const VOTE_NEEDS_CHAIR = 'This committee has no chair. Choose one in Manage Interview Group.';
