import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, signedIn } from './support';

/**
 * The candidate packet (issue 27, item 5): the demo candidate's advisor asks for the packet on the
 * enrolment's page, follows the job to its Download link and saves the PDF: a tagged PDF 1.7 with
 * the candidate's file and the advisor's name in its watermark.
 */
test("the advisor makes the candidate's packet and downloads the PDF", async ({ browser }) => {
  test.slow(); // a loaded two-core machine; the packet is a background job
  const page = await signedIn(browser, 'advisor@example.org', '/tracks/demo-track-candidacy/assignments/demo-instance-candidacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Candidacy Pathway' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Page size' }).selectOption('Letter');
  await page.getByRole('button', { name: 'Candidate packet (PDF)' }).click();
  const link = page.getByRole('link', { name: 'Download packet' });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await link.click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^candidate-packet-.+-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = (await readFile((await saved.path())!)).toString('latin1');
  expect(pdf.startsWith('%PDF-1.7')).toBe(true);
  expect(pdf).toContain('/StructTreeRoot');
  expect(pdf).toContain('/MediaBox [0 0 612 792]');
  expect(pdf).toMatch(/\(Prepared for [^)]+ on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\. Confidential\.\) Tj/);
  expect(pdf).toContain('(Phase 1: Discernment) Tj');
});
