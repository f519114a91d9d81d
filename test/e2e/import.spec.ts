import { expect, test } from './fixtures';
import { dismissAnnouncements, expectNoAxeViolations, signIn } from './support';
import { IMPORT_COLUMNS } from '../../shared/imports/csv-import';

/**
 * CSV import (issue 27, item 4) as a conference registrar uses it: a file of two people, one with a
 * district that does not exist; the preview names that row's problem, Import adds the other, and
 * she is in the Users table. A person of this run's own, so a retry imports afresh.
 */
const RUN = Date.now().toString(36);

test('a conference admin imports a CSV of people: a bad row is named, the good one is imported and listed', async ({ page }) => {
  test.slow(); // the import is a background job on a loaded two-core machine
  await signIn(page, 'conference.admin@example.org', '/admin/import');
  await dismissAnnouncements(page);
  await expect(page.getByRole('heading', { name: 'Import into Blue Ridge Conference' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the people template' })).toBeVisible();

  const csv = [IMPORT_COLUMNS.people.join(','), `Ines,Importer ${RUN},ines.import.${RUN}@example.org,,Foothills District,`, `Otto,Nowhere ${RUN},otto.import.${RUN}@example.org,,Atlantis District,`].join('\r\n');
  await page.getByLabel('CSV file: choose files').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  await expect(page.getByText('1 row ready, 1 with problems.')).toBeVisible();
  await expect(page.getByText('No active district or church named "Atlantis District" in Blue Ridge Conference.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Import 1 row' }).click();
  await expect(page.getByText('Imported 1 people. 0 already there (unchanged). 0 not imported.')).toBeVisible({ timeout: 60_000 });

  await page.goto('/users');
  // The announcements shown at sign-in come again on a fresh page load.
  await dismissAnnouncements(page);
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(`importer ${RUN}`);
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('link', { name: `Ines Importer ${RUN}` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('link', { name: `Otto Nowhere ${RUN}` })).toHaveCount(0);
});
