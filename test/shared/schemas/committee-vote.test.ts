import { committeeVoteRuleSchema, majorityMet, ruleText, tallyVotes, type VoteChoice } from '../../../shared/schemas/committee-vote';

const rule = (over: Partial<{ quorumKind: 'count' | 'share'; quorum: number; majority: 'simple' | 'twoThirds' | 'threeFourths' | 'unanimous'; base: 'cast' | 'present' }> = {}) => ({
  quorumKind: 'count' as const, quorum: 3, majority: 'simple' as const, base: 'cast' as const, ...over,
});
const ballots = (approve: number, deny: number, abstain = 0, recused = 0): Array<VoteChoice | 'Recused'> => [
  ...Array<VoteChoice>(approve).fill('Approve'), ...Array<VoteChoice>(deny).fill('Deny'), ...Array<VoteChoice>(abstain).fill('Abstain'), ...Array<'Recused'>(recused).fill('Recused'),
];

describe('the majorities, in whole numbers', () => {
  it.each([
    ['simple', 2, 4, false], ['simple', 3, 5, true], ['simple', 1, 2, false],
    ['twoThirds', 2, 3, true], ['twoThirds', 3, 5, false], ['twoThirds', 4, 6, true],
    ['threeFourths', 3, 4, true], ['threeFourths', 14, 19, false], ['threeFourths', 15, 19, true], ['threeFourths', 5, 7, false],
    ['unanimous', 5, 5, true], ['unanimous', 4, 5, false],
    ['simple', 0, 0, false],
  ] as const)('%s: %i of %i is %s', (majority, approve, base, met) => {
    expect(majorityMet(majority, approve, base)).toBe(met);
  });
});

describe('the tally', () => {
  it('has no outcome until the quorum of members present is met; recused members count toward neither', () => {
    expect(tallyVotes(rule(), 5, ballots(2, 0, 0, 1))).toMatchObject({ present: 2, eligible: 4, quorumNeeded: 3, quorumMet: false, outcome: null });
    expect(tallyVotes(rule(), 5, ballots(2, 0, 1, 1))).toMatchObject({ present: 3, quorumMet: true, outcome: 'approved' });
  });

  it('counts abstentions against a majority of members present, not of votes cast', () => {
    // 3 Approve, 1 Deny, 1 Abstain: 3 of 4 cast is three-fourths; 3 of 5 present is not.
    expect(tallyVotes(rule({ majority: 'threeFourths', base: 'cast' }), 5, ballots(3, 1, 1)).outcome).toBe('approved');
    expect(tallyVotes(rule({ majority: 'threeFourths', base: 'present' }), 5, ballots(3, 1, 1)).outcome).toBe('denied');
    // Everyone present abstained: no majority approves.
    expect(tallyVotes(rule(), 5, ballots(0, 0, 3)).outcome).toBe('denied');
  });

  it('takes a share of the members not recused, rounded up', () => {
    // 10 members, 2 recused: half of 8 is 4.
    expect(tallyVotes(rule({ quorumKind: 'share', quorum: 50 }), 10, ballots(3, 0, 0, 2))).toMatchObject({ eligible: 8, quorumNeeded: 4, quorumMet: false });
    expect(tallyVotes(rule({ quorumKind: 'share', quorum: 34 }), 3, ballots(1, 0))).toMatchObject({ quorumNeeded: 2, quorumMet: false });
  });
});

describe('the rule', () => {
  it('bounds the quorum by its kind and reads as a sentence', () => {
    expect(committeeVoteRuleSchema.safeParse({ userGroupId: 'g', quorum: 41 }).success).toBe(false);
    expect(committeeVoteRuleSchema.safeParse({ userGroupId: 'g', quorumKind: 'share', quorum: 75 }).success).toBe(true);
    expect(committeeVoteRuleSchema.safeParse({ userGroupId: 'g', quorumKind: 'share', quorum: 101 }).success).toBe(false);
    expect(ruleText(rule({ quorum: 5, majority: 'threeFourths', base: 'present' }))).toBe('Quorum 5 members; three-fourths of members present');
  });
});
