import { expect, test, type Page } from './fixtures';
import { addUser, dismissAnnouncements, expectNoAxeViolations, signedIn } from './support';

/**
 * Transfers between conferences (issue 26, item 4), as the two registrars use them: Prairie Rivers
 * (the superadmin, governing every conference) asks for a Blue Ridge candidate; Blue Ridge's
 * conference admin refuses with a reason, then approves a second request, and the candidacy moves
 * with its history; Blue Ridge can no longer open it. A candidate of this file's own, so the
 * demo's people stay as the other files expect them.
 */

/** Enrols the person in the demo's Candidacy Pathway through the app's own API in the signed-in page; answers the enrolment's id. */
async function enrol(page: Page, userId: string): Promise<string> {
  return page.evaluate(async (participantId) => {
    const res = await fetch('/api/track/instance', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ trackId: 'demo-track-candidacy', participantIds: [participantId], advisorIds: ['demo-advisor'] }) });
    if (!res.ok) throw new Error(`enrol: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { trackInstanceIds: string[] }).trackInstanceIds[0];
  }, userId);
}

async function chooseConference(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Conference' }).fill(name.split(' ')[0]);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  // The conference's lists are read before anything is typed.
  await expect(page.getByRole('heading', { name: `Transfers of ${name}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Incoming' })).toBeVisible();
}

/** Picks the district by keyboard, as the form is near the sticky header, where a pointer may land on the header instead. */
async function pickHighPlains(page: Page) {
  const picker = page.getByRole('form', { name: 'Request a transfer' }).getByRole('combobox', { name: 'District or church' });
  await picker.fill('High');
  await expect(page.getByRole('option', { name: /High Plains District/ })).toBeVisible();
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(picker).toHaveValue('High Plains District');
}

async function requestTransfer(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Request a transfer' });
  await form.getByRole('textbox', { name: "Candidate's email" }).fill(email);
  await pickHighPlains(page);
  await form.getByRole('textbox', { name: 'Note for the other conference' }).fill('Tessa is moving to Kansas for seminary.');
  await form.getByRole('button', { name: 'Request transfer' }).click();
}

const row = (page: Page, list: 'Incoming' | 'Outgoing', name: string) => page.getByRole('list', { name: list }).getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
/** A row's status badge (the facts below it also read "Requested", "Refused" and "Completed"). */
const status = (item: ReturnType<typeof row>) => item.locator('.ui-badge');
const withStatus = (page: Page, list: 'Incoming' | 'Outgoing', name: string, text: string) => row(page, list, name).filter({ has: page.locator('.ui-badge', { hasText: text }) });

test('Prairie Rivers asks for a Blue Ridge candidate; Blue Ridge refuses with a reason, then approves, and the candidacy moves there', async ({ browser }) => {
  test.slow(); // a loaded two-core machine; the move is a background job
  const sending = await signedIn(browser, 'conference.admin@example.org', '/admin/transfers');
  const candidateId = await addUser(sending, 'Tessa', 'Moreau');
  const enrolmentId = await enrol(sending, candidateId);

  const receiving = await signedIn(browser, 'superadmin@example.org', '/admin/transfers');
  await chooseConference(receiving, 'Prairie Rivers Conference');
  // A mistyped address is refused by its field and loses nothing.
  const form = receiving.getByRole('form', { name: 'Request a transfer' });
  await form.getByRole('textbox', { name: "Candidate's email" }).fill('tessa.moreau@example.com');
  await pickHighPlains(receiving);
  await form.getByRole('button', { name: 'Request transfer' }).click();
  await expect(form.getByText('No candidate with that email is enrolled in another conference.')).toBeVisible();
  await requestTransfer(receiving, 'tessa.moreau@example.org');
  await expect(status(row(receiving, 'Incoming', 'Tessa Moreau'))).toHaveText('Requested');
  await expectNoAxeViolations(receiving);

  // Blue Ridge sees the request beside the demo's request for Daniel Park, and refuses it.
  await sending.reload();
  await dismissAnnouncements(sending);
  await expect(row(sending, 'Outgoing', 'Daniel Park')).toBeVisible();
  const asked = row(sending, 'Outgoing', 'Tessa Moreau');
  await expect(asked.getByText('Tessa is moving to Kansas for seminary.')).toBeVisible();
  await asked.getByRole('button', { name: 'Refuse' }).click();
  const refuse = sending.getByRole('dialog', { name: 'Refuse transfer' });
  await refuse.getByRole('button', { name: 'Refuse transfer' }).click();
  await expect(refuse.getByText('A reason is required.')).toBeVisible();
  await refuse.getByRole('textbox', { name: 'Reason' }).fill('Her licensing interview is next month; ask again after it.');
  await refuse.getByRole('button', { name: 'Refuse transfer' }).click();
  await expect(status(asked)).toHaveText('Refused');
  await expect(asked.getByText('Her licensing interview is next month; ask again after it.')).toBeVisible();
  await expectNoAxeViolations(sending);

  // Asked again, Blue Ridge approves; the job moves the candidacy and both lists say it is complete.
  await requestTransfer(receiving, 'tessa.moreau@example.org');
  await expect(withStatus(receiving, 'Incoming', 'Tessa Moreau', 'Requested')).toHaveCount(1);
  await sending.reload();
  await dismissAnnouncements(sending);
  const again = withStatus(sending, 'Outgoing', 'Tessa Moreau', 'Requested');
  await again.getByRole('button', { name: 'Approve' }).click();
  const approve = sending.getByRole('alertdialog', { name: 'Approve transfer' });
  await expect(approve.getByText('Blue Ridge Conference will no longer see them.')).toBeVisible();
  await approve.getByRole('button', { name: 'Approve transfer' }).click();
  const moved = withStatus(sending, 'Outgoing', 'Tessa Moreau', 'Completed');
  await expect(moved).toHaveCount(1, { timeout: 60_000 });
  await expect(moved.getByText('Candidacy Pathway')).toBeVisible();
  await expectNoAxeViolations(sending);
  await sending.screenshot({ path: 'test-results/screenshots/transfers-outgoing.png', fullPage: true });
  await sending.setViewportSize({ width: 390, height: 844 });
  await sending.screenshot({ path: 'test-results/screenshots/transfers-outgoing-narrow.png', fullPage: true });
  await expectNoAxeViolations(sending);

  // Blue Ridge can no longer open the enrolment; Prairie Rivers finds it complete.
  await sending.goto(`/tracks/demo-track-candidacy/assignments/${enrolmentId}`);
  await expect(sending.getByText('You do not have permission to access this track')).toBeVisible();
  await receiving.reload();
  await dismissAnnouncements(receiving);
  await chooseConference(receiving, 'Prairie Rivers Conference');
  await expect(withStatus(receiving, 'Incoming', 'Tessa Moreau', 'Completed')).toHaveCount(1);
});
