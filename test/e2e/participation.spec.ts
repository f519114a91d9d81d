import { expect, test } from './fixtures';
import { dismissAnnouncements, emailsTo, expectNoAxeViolations, openNotification, signedIn, signIn } from './support';

const TRACK_PAGE = '/tracks/demo-track-candidacy/assignments/demo-instance-candidacy';
const STEP = 'Share your call story';

test('a participant hands in a step; their advisor denies it, the participant resubmits, the advisor approves, and the track shows the progress', async ({ browser }) => {
  test.slow(); // two people, each signing in
  const participant = await signedIn(browser, 'participant@example.org', TRACK_PAGE);

  // The track: its progress, the phases in order, and why a locked step cannot be opened yet.
  await expect(participant.getByRole('heading', { level: 1, name: 'Candidacy Pathway' })).toBeVisible();
  const progress = participant.getByRole('progressbar', { name: 'Progress' });
  const before = await progress.getAttribute('aria-valuenow');
  await expect(participant.getByRole('heading', { level: 2, name: '1. Discernment' })).toBeVisible();
  await expect(participant.getByText('Readiness interview', { exact: true })).toHaveAttribute('aria-disabled', 'true');
  await expect(participant.getByText(/^Waiting for Background questionnaire/)).toBeVisible();
  await expect(participant.getByRole('combobox', { name: 'Track status' })).toHaveCount(0);
  await expectNoAxeViolations(participant);

  // The step: tick the task, which hands it in for review.
  await participant.getByRole('link', { name: STEP }).click();
  await expect(participant.getByRole('heading', { level: 1, name: STEP })).toBeVisible();

  // Before it is handed in, the advisor finds their own approval waiting on the content (issue 24): Approve
  // and Deny shown disabled, described by the reason beside them, still reached by keyboard, doing nothing.
  const advisor = await signedIn(browser, 'advisor@example.org', new URL(participant.url()).pathname);
  await expect(advisor.getByRole('heading', { level: 1, name: STEP })).toBeVisible();
  const approve = advisor.getByRole('button', { name: 'Approve' });
  const deny = advisor.getByRole('button', { name: 'Deny' });
  for (const button of [approve, deny]) {
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAccessibleDescription('Not all contents have been completed!');
  }
  await expect(advisor.getByText('Awaiting approval by Advisor')).toHaveCount(0);
  await approve.focus();
  await advisor.keyboard.press('Enter');
  await advisor.keyboard.press('Tab');
  await expect(deny).toBeFocused();
  await expect(advisor.getByText('Pending', { exact: true })).toBeVisible();
  await expectNoAxeViolations(advisor);

  await participant.getByText('Write your call story').click();
  await expect(participant.getByText('Pending Review').first()).toBeVisible();
  await expectNoAxeViolations(participant);

  // The advisor is told, follows the bell to the step, and denies it: the participant must hand it in again.
  await openNotification(advisor, `Priya Raman submitted ${STEP} for review.`);
  await expect(advisor.getByRole('heading', { level: 1, name: STEP })).toBeVisible();
  await advisor.getByRole('button', { name: 'Deny' }).click();
  await expect(advisor.getByText('Denied', { exact: true })).toBeVisible();

  // The participant hears of the denial, redoes the task (untick, tick) and so resubmits it.
  await openNotification(participant, `Advisor approval on ${STEP} was denied.`);
  await expect(participant.getByText('Resubmit').first()).toBeVisible();
  const task = participant.getByRole('checkbox', { name: 'Write your call story' });
  await participant.getByText('Write your call story').click();
  await expect(task).not.toBeChecked();
  await expect(task).toBeEnabled();
  await participant.getByText('Write your call story').click();
  await expect(task).toBeChecked();
  await expect(participant.getByText('Pending Review').first()).toBeVisible();

  // The advisor hears of the resubmission and approves it.
  await openNotification(advisor, `Priya Raman submitted ${STEP} for review.`);
  await expect(advisor.getByRole('heading', { level: 1, name: STEP })).toBeVisible();
  await advisor.getByRole('button', { name: 'Approve' }).click();
  await expect(advisor.getByText('Approved', { exact: true })).toBeVisible();
  await expect(advisor.getByRole('combobox', { name: 'Status' })).toHaveValue('Completed');
  await expectNoAxeViolations(advisor);

  // The participant hears of the decision by the bell and by email (they keep email notifications on), once.
  const approved = `Advisor approval on ${STEP} was approved.`;
  await expect.poll(async () => (await emailsTo('participant@example.org')).filter((mail) => mail.subject === approved).length, { timeout: 30_000 }).toBe(1);
  const email = (await emailsTo('participant@example.org')).find((mail) => mail.subject === approved)!;
  expect(email.body.text).toContain('/step/');
  await openNotification(participant, approved);
  await expect(participant.getByText('Approved', { exact: true })).toBeVisible();
  await participant.getByRole('main').getByRole('link', { name: 'Track', exact: true }).click();
  await expect(participant.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', String(Number(before) + 1));
  await expect(participant.getByRole('listitem').filter({ hasText: STEP }).getByText('Completed')).toBeVisible();

  // The email's unsubscribe link works without a session: it asks first, and its button turns email off.
  const unsubscribe = /https?:\/\/\S+\/api\/notification\/unsubscribe\?token=\S+/.exec(email.body.text!)![0];
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(unsubscribe);
  await expect(stranger.getByRole('heading', { level: 1, name: 'Turn off email notifications?' })).toBeVisible();
  await stranger.getByRole('button', { name: 'Turn off email notifications' }).click();
  await expect(stranger.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
});

test("an interviewer on a candidate's enrolment opens her interview step and finds the advisor's private notes withheld, with no status selector", async ({ page }) => {
  await signIn(page, 'interviewer@example.org', '/tracks');
  await dismissAnnouncements(page);
  await page.getByRole('region', { name: 'Assignments' }).getByRole('link', { name: 'Sofia Reyes: Candidacy Pathway' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Candidacy Pathway' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Track status' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Readiness interview' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Readiness interview' })).toBeVisible();
  const notes = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Interview notes' }) });
  await expect(notes.getByText('This content contains sensitive data that you do not have permission to view.')).toBeVisible();
  await expect(notes.getByText('Notes from the readiness interview.')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
