import { expect, test } from './fixtures';
import { dismissAnnouncements, expectNoAxeViolations, signIn } from './support';

/** Every run writes its own message, so reruns against the same data never collide. */
const MESSAGE = `Candidates: the spring interviews are on the calendar (${Date.now().toString(36)}).`;
const TITLE = 'Spring interviews';

test('a conference admin schedules an announcement for their conference and its participant sees it once', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'conference.admin@example.org', '/admin/announcements');
  await dismissAnnouncements(admin);
  const table = admin.getByRole('table', { name: 'Announcements', exact: true });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expectNoAxeViolations(admin);

  await admin.getByRole('button', { name: 'Add Announcement' }).click();
  await expect(admin).toHaveURL(/\/admin\/announcements\/new$/);
  const dialog = admin.getByRole('dialog', { name: 'Add Announcement' });
  // A conference admin addresses their conference, never everyone; the start is now.
  await expect(dialog.getByRole('radio', { name: 'Everyone' })).toHaveCount(0);
  await expect(dialog.getByRole('radio', { name: 'Blue Ridge Conference' })).toBeChecked();
  // SPEC.md section 5: a title and a description, each asked for.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter a title and description.')).toBeVisible();
  await dialog.getByRole('textbox', { name: /Description/ }).fill(MESSAGE);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter a title.')).toBeVisible();
  await dialog.getByRole('textbox', { name: /Title/ }).fill(TITLE);
  await expectNoAxeViolations(admin);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('The announcement was added.')).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/announcements$/);
  const row = table.getByRole('row').filter({ hasText: MESSAGE });
  await expect(row).toContainText(TITLE);
  await expect(row).toContainText('Blue Ridge Conference');
  await expect(row).toContainText('Active');

  // The participant of that conference sees it once in the dialog, once per load.
  const participant = await (await browser.newContext()).newPage();
  await signIn(participant, 'participant@example.org');
  const announcements = participant.getByRole('dialog', { name: 'Announcements' });
  await expect(announcements).toBeVisible();
  await expect(announcements.getByRole('listitem').filter({ hasText: MESSAGE })).toHaveCount(1);
  await expect(announcements.getByRole('listitem').filter({ hasText: MESSAGE })).toContainText(TITLE);
  await announcements.getByRole('button', { name: 'Close' }).first().click();
  await expect(announcements).toBeHidden();
  await participant.getByRole('link', { name: 'Tracks', exact: true }).click();
  await expect(announcements).toBeHidden();
});
