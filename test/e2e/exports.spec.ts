import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { dismissAnnouncements, expectNoAxeViolations, signIn } from './support';

const PARTICIPANTS = '/tracks/demo-track-candidacy/participants';

test('a conference admin downloads the participants table as CSV from its Export menu, by keyboard', async ({ page }) => {
  await signIn(page, 'conference.admin@example.org', PARTICIPANTS);
  await dismissAnnouncements(page);
  const table = page.getByRole('table', { name: 'Participants' });
  const firstRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'View' }) }).first();
  await expect(firstRow).toBeVisible();
  const email = (await firstRow.getByRole('cell').filter({ hasText: '@' }).first().textContent())?.trim() ?? '';

  const menu = page.getByRole('button', { name: 'Export participants' });
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Download CSV' })).toBeVisible();
  await expectNoAxeViolations(page, { floatingLayerOpen: true });
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toBe('participants-demo-track-candidacy.csv');
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.startsWith('\ufeff"Status","First Name","Last Name","Email","Advisors","Interviewers","Assigned Date"\r\n')).toBe(true);
  expect(email).toContain('@');
  expect(csv).toContain(`"${email}"`);
  await expect(page.getByRole('status').filter({ hasText: /^Downloaded participants-demo-track-candidacy\.csv \(\d+ rows?\)\.$/ })).toBeVisible();
});
