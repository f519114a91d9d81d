import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { dismissAnnouncements, expectNoAxeViolations, signIn } from './support';

const RUN = Date.now().toString(36);

test("a conference admin's change shows in the person's History and on the organisation audit page, and downloads as CSV", async ({ page }) => {
  const tagName = `Audit ${RUN}`;
  await signIn(page, 'conference.admin@example.org', '/users/demo-participant');
  await dismissAnnouncements(page);

  // A change: a tag on Priya's profile.
  const tags = page.getByRole('region', { name: 'Tags' });
  await tags.getByRole('textbox', { name: 'Tag' }).fill(tagName);
  await tags.getByRole('button', { name: 'Add Tag' }).click();
  await expect(tags.getByRole('list', { name: 'Tags', exact: true })).toContainText(tagName);

  // Her History: the entry newest first, who made it, the tag; the seeded history below it.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/users\/demo-participant\/history$/);
  const history = page.getByRole('list', { name: 'History' });
  // An entry is a list item with a heading (its changes are a list inside it).
  const newest = history.getByRole('listitem').filter({ has: page.getByRole('heading') }).first();
  await expect(newest.getByRole('heading', { name: 'Tag added' })).toBeVisible();
  await expect(newest).toContainText('By Carmen Delgado');
  await expect(newest.getByRole('list', { name: 'Changes' })).toContainText(`Tag: ${tagName}`);
  // The seeded date of birth change shows only that it changed.
  await expect(history.getByRole('heading', { name: 'Profile details changed' })).toBeVisible();
  await expect(history).toContainText('Date of birth: changed');
  await expectNoAxeViolations(page);

  // The kind filter narrows the History on the server.
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('Roles');
  await expect(history.getByRole('heading', { name: 'Tag added' })).toHaveCount(0);
  await expect(history.getByRole('heading', { name: 'Role assigned' })).toBeVisible();

  // The organisation page: the conference's audit trail, filtered to tags from today.
  await page.goto('/admin/audit');
  await dismissAnnouncements(page);
  await expect(page.getByRole('tab', { name: 'Audit', selected: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Scope' })).toHaveValue(/Conference/);
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('Tags');
  const trail = page.getByRole('list', { name: 'Audit trail' });
  const entry = trail.getByRole('listitem').filter({ has: page.getByRole('heading') }).filter({ hasText: tagName });
  await expect(entry.getByRole('heading', { name: 'Tag added' })).toBeVisible();
  await expect(entry).toContainText('Person Priya Raman');
  await expectNoAxeViolations(page);

  // Export > Download CSV: the same filters, a file holding the entry.
  await page.getByRole('button', { name: 'Export the audit trail' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv).toContain(tagName);
  expect(csv).toContain('Carmen Delgado');
});

test('a participant sees no History tab and no Audit tab', async ({ page }) => {
  await signIn(page, 'participant@example.org', '/users/demo-participant/history');
  await dismissAnnouncements(page);
  await expect(page.getByRole('region', { name: 'Roles' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'History' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'History' })).toHaveCount(0);

  await page.goto('/admin/audit');
  await expect(page.getByText('You cannot update Conference.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveCount(0);
});
