import { expect, test } from './fixtures';
import { dismissAnnouncements, expectNoAxeViolations, signedIn } from './support';

const RUN = Date.now().toString(36).slice(-5);
const STEP = '/step/demo-step-instance-transcript';

test('a participant uploads a file into an upload step with progress, removes and replaces it, submits, and it downloads; a superadmin finds it in Documents', async ({ browser }) => {
  test.slow(); // two people, each signing in
  const page = await signedIn(browser, 'participant@example.org', STEP);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload your transcript' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  const choose = page.getByLabel('Transcript: choose files');

  // Another kind is refused before anything is sent; a document uploads, then is removed before submitting.
  await choose.setInputFiles({ name: 'song.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('ID3') });
  await expect(page.getByText('Not accepted: song.mp3')).toBeVisible();
  const files = page.getByRole('list', { name: 'Transcript: files' });
  await choose.setInputFiles({ name: `draft ${RUN}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 draft') });
  await expect(files.getByText(`draft_${RUN}.pdf`)).toBeVisible();
  await page.getByRole('button', { name: `Remove draft_${RUN}.pdf` }).click();
  await expect(files).toHaveCount(0);

  await choose.setInputFiles({ name: `transcript ${RUN}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 transcript') });
  await expect(files.getByText(`transcript_${RUN}.pdf`)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `Uploaded transcript_${RUN}.pdf` })).toBeAttached();
  await expectNoAxeViolations(page);

  // Submitted: the step has no actions, so it completes and the files lock; the participant can still
  // unsubmit (SPEC.md section 4), which reopens the step, then submit again. The file still downloads.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/^Submitted /)).toBeVisible();
  await expect(page.getByText('Completed').first()).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove transcript_${RUN}.pdf` })).toHaveCount(0);
  await expect(page.getByText('Files are locked while submitted.')).toBeVisible();
  await page.getByRole('button', { name: 'Unsubmit' }).click();
  await expect(page.getByRole('button', { name: `Remove transcript_${RUN}.pdf` })).toBeVisible();
  await expect(page.getByText('This upload takes one file. Remove it to choose another.')).toBeVisible();
  await expect(page.getByText('Ready', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Completed').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubmit' })).toBeVisible();
  await page.reload();
  await dismissAnnouncements(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download transcript_${RUN}.pdf` }).click();
  expect((await download).suggestedFilename()).toBe(`transcript_${RUN}.pdf`);
  await expectNoAxeViolations(page);

  // The participant's Documents list it for a superadmin (private content: approved roles and superadmins only).
  const admin = await signedIn(browser, 'superadmin@example.org', '/users/demo-participant/documents');
  const documents = admin.getByRole('grid', { name: 'Documents' }).or(admin.getByRole('table', { name: 'Documents' }));
  await expect(documents.getByText(`transcript_${RUN}.pdf`)).toBeVisible();
  await expect(documents.getByRole('link', { name: 'Upload your transcript' })).toBeVisible();
});
