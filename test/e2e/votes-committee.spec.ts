import { expect, test } from './fixtures';
import { emailsTo, expectNoAxeViolations, signedIn, tick } from './support';

/**
 * The living demo's District Committee on Ordained Ministry (issue 26), chaired by
 * interviewer@example.org: the vote on Grace Mbeki (two Approve, one member recused) and the panel
 * interview with Sofia Reyes confirmed for next week. Runs near the end (files run in name order):
 * it decides Grace's committee step and moves Sofia's interview.
 */
test("the chair opens the committee's vote on Grace, is refused a close without the quorum, votes, sees the recused member, and closes it", async ({ browser }) => {
  test.slow(); // a loaded two-core machine
  const chair = await signedIn(browser, 'interviewer@example.org', '/tracks');
  await chair.getByRole('region', { name: 'Assignments' }).getByRole('link', { name: 'Grace Mbeki: Candidacy Pathway' }).click();
  await chair.getByRole('link', { name: 'District Committee interview' }).click();
  await expect(chair.getByRole('heading', { level: 1, name: 'District Committee interview' })).toBeVisible();
  const vote = chair.getByRole('listitem').filter({ has: chair.getByRole('heading', { name: 'District Committee vote' }) });
  await expect(vote.getByText('Quorum 3 members; three-fourths of members present')).toBeVisible();
  await expect(vote.getByText('2 of 5 members have voted')).toBeVisible();

  // Two present of a quorum of three: the close is refused and the vote stays open.
  await vote.getByRole('button', { name: 'Close vote' }).click();
  await expect(vote.getByText('The quorum is not met: the vote stays open.')).toBeVisible();

  await tick(vote.getByRole('radio', { name: 'Approve' }));
  await vote.getByRole('button', { name: 'Submit vote' }).click();
  await expect(vote.getByText('3 of 5 members have voted')).toBeVisible();
  // Having voted, the chair sees every ballot: the member who recused, with their reason.
  await expect(vote.getByText("I supervised Grace's field placement.")).toBeVisible();
  await expectNoAxeViolations(chair);

  await vote.getByRole('textbox', { name: 'Minutes' }).fill('The committee recommends Grace to the Board.');
  await vote.getByRole('button', { name: 'Close vote' }).click();
  await expect(vote.getByText('Approved', { exact: true }).first()).toBeVisible();
  await expect(vote.getByText('The committee recommends Grace to the Board.')).toBeVisible();
  await expectNoAxeViolations(chair);
});

test("the chair moves Sofia's confirmed panel interview to another proposed time; her email carries the calendar update under the same UID", async ({ browser }) => {
  test.slow();
  const chair = await signedIn(browser, 'interviewer@example.org', '/tracks');
  await chair.getByRole('region', { name: 'Assignments' }).getByRole('link', { name: 'Sofia Reyes: Candidacy Pathway' }).click();
  await chair.getByRole('link', { name: 'District Committee interview' }).click();
  const panel = chair.getByRole('region', { name: 'Panel interview' });
  await expect(panel.getByRole('heading', { name: 'Interview confirmed' })).toBeVisible();
  await expect(panel.getByText('Foothills District Office, Room 2').first()).toBeVisible();
  await expectNoAxeViolations(chair);

  // The seeded invitation is in the mail viewer with its calendar file.
  const sofia = 'sofia.reyes@example.org';
  const withCalendar = async () => (await emailsTo(sofia)).filter((mail) => mail.attachments?.some((file) => file.filename === 'invite.ics'));
  await expect.poll(async () => (await withCalendar()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  const first = Buffer.from((await withCalendar())[0].attachments![0].content, 'base64').toString('utf8');
  expect(first).toContain('METHOD:REQUEST');
  expect(first).toContain('SEQUENCE:0');
  const uid = /UID:(.*)\r\n/.exec(first)![1];

  const time = panel.getByRole('combobox', { name: 'Time' });
  const second = await time.locator('option').nth(2).getAttribute('value');
  await time.selectOption(second!);
  await panel.getByRole('button', { name: 'Update interview' }).click();
  await expect(panel.locator('.step-interview-confirmed')).toBeFocused();

  await expect.poll(async () => (await withCalendar()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  const moved = (await withCalendar()).at(-1)!;
  expect(moved.subject).toMatch(/^Your District Committee interview with the District Committee on Ordained Ministry is moved to /);
  const update = Buffer.from(moved.attachments![0].content, 'base64').toString('utf8');
  expect(update).toContain(`UID:${uid}\r\n`);
  expect(update).toContain('SEQUENCE:1');
  await expectNoAxeViolations(chair);
});
