import { expect, test, type Locator } from './fixtures';
import { dismissAnnouncements, signIn } from './support';

/**
 * Issue 28, item 9: buttons side by side in one dialog or card are each as wide as their words,
 * not one stretched across the width beside a small one.
 */
async function width(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box, 'laid out').not.toBeNull();
  return box!.width;
}

test('Manage Participant: Add Advisor and Add Interviewer are as wide as their words, like Remove', async ({ page }) => {
  await signIn(page, 'conference.admin@example.org', '/tracks/demo-track-candidacy/participants');
  await dismissAnnouncements(page);
  const table = page.getByRole('table', { name: 'Participants' });
  await table.getByRole('button', { name: /^Manage / }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Manage Participant' });
  const addAdvisor = dialog.getByRole('button', { name: 'Add Advisor' });
  await expect(addAdvisor).toBeVisible();
  const dialogWidth = await width(dialog);
  for (const button of [addAdvisor, dialog.getByRole('button', { name: 'Add Interviewer' }), dialog.getByRole('button', { name: 'Remove Advisor 1' })]) {
    expect(await width(button)).toBeLessThan(dialogWidth / 3);
  }
});

test('a profile’s account card: Merge User is as wide as its words, like Deactivate', async ({ page }) => {
  await signIn(page, 'superadmin@example.org', '/users/demo-duplicate-robert');
  await dismissAnnouncements(page);
  const merge = page.getByRole('button', { name: 'Merge User' });
  await expect(merge).toBeVisible();
  const card = merge.locator('xpath=ancestor::section[1]');
  const deactivate = card.getByRole('button', { name: 'Deactivate' });
  expect(await width(merge)).toBeLessThan((await width(card)) / 3);
  expect(await width(merge)).toBeLessThan((await width(deactivate)) * 2);
});
