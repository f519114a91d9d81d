import { answerText, fileSize, packetBlocks, type GatheredEnrolment } from '../../../functions/core/enrolments/packet/packet-document';
import { PRIVATE_CONTENT_MESSAGE } from '../../../shared/auth/policies/private-content';

/** The packet's layout from a gathered enrolment: what each block says, and that hidden content says only its name and the notice. */
const enrolment = (hidden: boolean): GatheredEnrolment => ({
  trackName: 'Candidacy Pathway',
  status: 'Open',
  createdAt: '2026-01-05T10:00:00.000Z',
  advisors: [{ firstName: 'Abby', lastName: 'Nguyen' }],
  progress: { completed: 1, total: 2 },
  phases: [
    {
      name: 'Formation',
      order: 2,
      steps: [
        {
          name: 'Background questionnaire',
          status: 'PendingReview',
          dueAt: null,
          required: true,
          contents: [
            {
              name: 'Questionnaire',
              type: 'Form',
              role: 'Advisor',
              hidden,
              done: false,
              ...(hidden
                ? {}
                : {
                    form: {
                      name: 'Background',
                      submitted: true,
                      submittedAt: '2026-02-01T09:30:00.000Z',
                      fields: [
                        { id: 'call', name: 'Describe your call', type: 'TextArea' },
                        { id: 'intro', name: 'About this form', type: 'Paragraph' },
                        { id: 'ok', name: 'I confirm', type: 'Checkbox' },
                      ],
                      answers: { call: 'A quiet secret', ok: true },
                    },
                  }),
            },
          ],
          approvals: [
            { name: 'Committee', type: 'Committee Vote', role: 'Interviewer', approved: true, by: { firstName: 'Ida', lastName: 'Chair' }, at: '2026-02-03T12:00:00.000Z', vote: { state: 'closed', group: 'Panel', tally: { approve: 3, deny: 1, abstain: 0, recused: 1 }, closedAt: '2026-02-03T12:00:00.000Z' } },
          ],
        },
      ],
    },
  ],
  files: [{ name: 'transcript.pdf', size: 2048, uploadedAt: '2026-01-10T08:00:00.000Z' }],
});
const profile = { firstName: 'Pat', lastName: 'Lopez', email: 'pat@example.org', location: 'Foothills District' };

describe('packetBlocks', () => {
  it('holds the summary, each step with its status label, answers of answer fields, decisions with the vote, the documents', () => {
    const text = JSON.stringify(packetBlocks(profile, enrolment(false), 'Ada Admin', '2026-02-04T10:00:00.000Z'));
    for (const expected of ['Candidate packet: Pat Lopez', 'pat@example.org', 'Foothills District', 'Abby Nguyen', '1 of 2 required steps completed', 'Phase 2: Formation', 'Status: Pending Review. Required', 'Submitted 2026-02-01 09:30 UTC', '["Describe your call","A quiet secret"]', '["I confirm","Yes"]', 'Approved. Vote of Panel: closed 2026-02-03 12:00 UTC; 3 approve, 1 deny, 0 abstain, 1 recused', '["transcript.pdf","2.0 KB","2026-01-10 08:00 UTC"]', 'Prepared for Ada Admin on 2026-02-04 10:00 UTC']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('About this form');
  });

  it('shows hidden content as its name and the step page notice, with no answers', () => {
    const blocks = packetBlocks(profile, enrolment(true), 'Pat Lopez', '2026-02-04T10:00:00.000Z');
    expect(blocks).toContainEqual(expect.objectContaining({ type: 'Table', header: ['Item', 'Completed by', 'Status'], rows: [['Questionnaire', 'Advisor', PRIVATE_CONTENT_MESSAGE]] }));
    expect(JSON.stringify(blocks)).not.toContain('Answers:');
  });
});

describe('answerText and fileSize', () => {
  it('reads answers as words', () => {
    expect(answerText(false)).toBe('No');
    expect(answerText(['a', 'b'])).toBe('a; b');
    expect(answerText({ key: '01abc', name: 'letter.pdf' })).toBe('letter.pdf');
    expect(answerText([{ role: 'Pastor', years: 3 }])).toBe('Pastor, 3');
    expect(answerText(null)).toBe('');
    expect(answerText('x'.repeat(20_000))).toHaveLength(10_000);
    expect(fileSize(512)).toBe('512 bytes');
    expect(fileSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
