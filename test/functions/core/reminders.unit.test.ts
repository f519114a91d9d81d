import { digestItems, digestLine, digestMessage, escalationLevel, DIGEST_ITEMS_MAX } from '../../../functions/core/reminders/overdue-digests';
import { OVERDUE_BUCKET, reminderChange, REMINDER_FIELDS } from '../../../functions/core/step-indexes/reminder-index';

/** The pure parts of reminders and escalation (issue 13): the index fields, the levels, a digest's lines. */
const DUE = '2030-01-01T00:00:00.000Z';
const day = (n: number) => new Date(Date.parse(DUE) + n * 86_400_000).toISOString();

function told(i: number) {
  return {
    step: { stepInstanceId: `step-${i}`, trackTemplateId: 'track-1', dueAt: DUE, remindAt: DUE },
    instance: { trackName: 'Candidacy Pathway', participant: { firstName: 'Grace', lastName: 'Mbeki' } },
    stepName: `Step ${i}`,
    placeId: 'district-1',
  } as never;
}
const line = (i: number) => ({ text: digestLine(told(i), 'UTC'), link: `/step/step-${i}`, trackTemplateId: 'track-1' });

describe('reminderChange', () => {
  it('puts a waiting step a day out, an Overdue step in the overdue bucket at its due time, and takes any other status out', () => {
    const ready = reminderChange('Ready', DUE, undefined);
    expect(ready.set).toMatchObject({ remindAt: day(1), remindSince: DUE });
    expect(ready.remove).toEqual(['remindedAt']);
    expect(reminderChange('Overdue', day(3), DUE).set).toEqual({ remindBucket: OVERDUE_BUCKET, remindAt: DUE, remindSince: DUE });
    expect(reminderChange('Completed', DUE, DUE)).toEqual({ set: {}, remove: [...REMINDER_FIELDS] });
    // Resubmit waits for the participant like Ready.
    expect(reminderChange('Resubmit', DUE, DUE).set).toMatchObject({ remindAt: day(1), remindSince: DUE });
    expect(reminderChange('Unavailable', DUE, DUE).set).toEqual({});
  });
});

describe('escalationLevel', () => {
  it('goes up a level each escalation period past the due date, at most to the conference', () => {
    expect([0, 6, 7, 13, 14, 60].map((n) => escalationLevel(DUE, day(n), 7))).toEqual([0, 0, 1, 1, 2, 2]);
    expect(escalationLevel(DUE, day(2), 1)).toBe(2);
  });
});

describe('digestItems', () => {
  it('lists every step with its link, and past 100 lines says how many more, linking the track\u2019s participants', () => {
    expect(digestItems([line(1)])).toEqual([{ text: 'Step 1 in Candidacy Pathway for Grace Mbeki, overdue since Jan 1, 2030', link: '/step/step-1' }]);
    // Dated in the enrolment's conference zone: midnight UTC is still Dec 31 in New York (the default).
    expect(digestLine(told(1))).toBe('Step 1 in Candidacy Pathway for Grace Mbeki, overdue since Dec 31, 2029');
    // The digest reads its first 100 lines and counts the rest.
    const many = digestItems(Array.from({ length: 100 }, (_, i) => line(i)), 150);
    expect(many).toHaveLength(DIGEST_ITEMS_MAX);
    expect(many[98].link).toBe('/step/step-98');
    expect(many[99]).toEqual({ text: 'and 51 more', link: '/tracks/track-1/participants?overdue=1' });
    expect(digestItems(Array.from({ length: 100 }, (_, i) => line(i)), 100)).toHaveLength(100);
  });

  it('says how many and where', () => {
    expect(digestMessage(3, 'Hudson District')).toBe('3 overdue steps in Hudson District');
    expect(digestMessage(1, undefined)).toBe('1 overdue step');
  });
});
