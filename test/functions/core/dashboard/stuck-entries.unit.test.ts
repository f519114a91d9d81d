import { committeesOfActions, stuckEntries, type StuckDisplay, type StuckEnrolment, type StuckStep } from '../../../../functions/core/dashboard/stuck-entries';

/** "Who is stuck" derived from an enrolment's state (functions/core/dashboard/stuck-entries.ts). */
const enrolment: StuckEnrolment = {
  trackInstanceId: 'ti-1',
  participantId: 'u-grace',
  trackTemplateId: 'trk',
  conferenceId: 'conf',
  ancestorIds: ['jur', 'area', 'conf', 'dist'],
  status: 'Open',
  assignees: [
    { userId: 'u-ada', roleId: 'r-advisor' },
    { userId: 'u-ivan', roleId: 'r-interviewer' },
  ],
};
const step = (id: string, changes: Partial<StuckStep>): StuckStep => ({ stepInstanceId: id, stepTemplateId: `${id}-t`, phaseId: 'p1', status: 'Ready', remindSince: '2026-10-01T00:00:00.000Z', ...changes });
const displays = (entries: ReturnType<typeof stuckEntries>) => entries.filter((entry) => entry.scopeId === 'system').map((entry) => entry.display as unknown as StuckDisplay);

describe('who is stuck', () => {
  it('lists each waiting step once in the organisation and every place of the chain, sorted by when it started waiting', () => {
    const entries = stuckEntries(enrolment, [step('s1', { responsibleRoleIds: ['r-advisor'] }), step('s2', { status: 'Completed' }), step('s3', { status: 'Unavailable' }), step('s4', { remindSince: undefined })]);
    expect(entries.map((entry) => entry.scopeId)).toEqual(['system', 'jur', 'area', 'conf', 'dist']);
    expect(new Set(entries.map((entry) => entry.term))).toEqual(new Set(['2026-10-01T00:00:00.000Z|s1']));
    expect(entries.every((entry) => entry.list === 'stuck' && entry.targetId === 'ti-1')).toBe(true);
    expect(displays(entries)[0]).toMatchObject({ userIds: ['u-ada'], roleIds: [], places: ['system', 'jur', 'area', 'conf', 'dist'], status: 'Ready' });
  });

  it('names the assignees holding a responsible role, and the roles nobody holds (the participant role among them)', () => {
    const [row] = displays(stuckEntries(enrolment, [step('s1', { status: 'Overdue', responsibleRoleIds: ['r-interviewer', 'r-participant', 'r-advisor'] })]));
    expect(row.userIds.sort()).toEqual(['u-ada', 'u-ivan']);
    expect(row.roleIds).toEqual(['r-participant']);
  });

  it("names a Committee Vote's group only while the step waits for its review", () => {
    const committees = committeesOfActions([
      { stepTemplateId: 's1-t', type: 'Approval' },
      { stepTemplateId: 's1-t', type: 'Committee Vote', vote: { userGroupId: 'g-dcom' } },
      { stepTemplateId: 's2-t', type: 'Committee Vote', vote: { userGroupId: 'g-other' } },
    ]);
    const rows = displays(stuckEntries(enrolment, [step('s1', { status: 'PendingReview' }), step('s2', { status: 'Ready' })], committees));
    expect(rows.find((row) => row.stepInstanceId === 's1')?.userGroupId).toBe('g-dcom');
    expect(rows.find((row) => row.stepInstanceId === 's2')?.userGroupId).toBeUndefined();
  });

  it('lists nothing of an enrolment that is not Open', () => {
    expect(stuckEntries({ ...enrolment, status: 'Withdrawn' }, [step('s1', {})])).toEqual([]);
  });
});
