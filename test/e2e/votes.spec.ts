import { expect, test } from './fixtures';
import { expectNoAxeViolations, signedIn, tick } from './support';

/**
 * A committee vote from its design to its decision (issue 26). It runs last (files run in name
 * order): it turns the demo's Readiness interview signature into a vote of the Candidacy Interview
 * Panel, which its chair, interviewer@example.org, opens and closes on Sofia Reyes's interview.
 */
test('a conference admin makes a step action a committee vote; the chair opens it, is refused a close without the quorum, votes, and closes it with the minutes', async ({ browser }) => {
  test.slow(); // two people, a step edit and four writes on a loaded two-core machine

  const admin = await signedIn(browser, 'conference.admin@example.org', '/tracks/demo-track-candidacy');
  await admin.getByRole('link', { name: 'Readiness interview' }).click();
  const edit = admin.getByRole('dialog', { name: 'Edit Step' });
  const action = edit.getByRole('group', { name: 'Action 1' });
  await tick(action.getByRole('radio', { name: 'Committee Vote' }));
  const rule = action.getByRole('group', { name: 'Committee vote' });
  await rule.getByRole('combobox', { name: 'Group' }).selectOption({ label: 'Candidacy Interview Panel' });
  await rule.getByRole('spinbutton', { name: 'Quorum' }).fill('1');
  await expectNoAxeViolations(admin);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();

  const chair = await signedIn(browser, 'interviewer@example.org', '/tracks');
  await chair.getByRole('region', { name: 'Assignments' }).getByRole('link', { name: 'Sofia Reyes: Candidacy Pathway' }).click();
  await chair.getByRole('link', { name: 'Readiness interview' }).click();
  await expect(chair.getByRole('heading', { level: 1, name: 'Readiness interview' })).toBeVisible();
  const vote = chair.getByRole('listitem').filter({ has: chair.getByRole('heading', { name: 'Participant signature' }) });
  await expect(vote.getByText('Quorum 1 member; simple majority of votes cast')).toBeVisible();
  await expect(vote.getByText('Candidacy Interview Panel · Chair: Irene Kowalski')).toBeVisible();
  await expect(vote.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expectNoAxeViolations(chair);

  await vote.getByRole('button', { name: 'Open vote' }).click();
  await expect(vote.getByText('0 of 1 members have voted')).toBeVisible();
  // Nobody has voted: the close is refused and the vote stays open.
  await vote.getByRole('button', { name: 'Close vote' }).click();
  await expect(vote.getByText('The quorum is not met: the vote stays open.')).toBeVisible();

  await tick(vote.getByRole('radio', { name: 'Approve' }));
  await vote.getByRole('textbox', { name: 'Note' }).fill('Ready for the Board.');
  await vote.getByRole('button', { name: 'Submit vote' }).click();
  await expect(vote.getByText('1 of 1 members have voted')).toBeVisible();
  await expect(vote.getByRole('button', { name: 'Change vote' })).toBeVisible();
  await expectNoAxeViolations(chair);

  await vote.getByRole('textbox', { name: 'Minutes' }).fill('The panel recommends Sofia for the Board.');
  await vote.getByRole('button', { name: 'Close vote' }).click();
  await expect(vote.getByText('Approved', { exact: true }).first()).toBeVisible();
  await expect(vote.getByText(/^Closed by Irene Kowalski/)).toBeVisible();
  await expect(vote.getByText('The panel recommends Sofia for the Board.')).toBeVisible();
  await expect(vote.getByRole('button', { name: 'Close vote' })).toHaveCount(0);
  await expectNoAxeViolations(chair);
});
