import { expect, test } from './fixtures';
import { dismissAnnouncements, expectNoAxeViolations, signIn } from './support';

const RUN = Date.now().toString(36);

test("the top bar's feedback link opens the local stand-in form in a new tab, which keeps what is sent", async ({ page, context }) => {
  await signIn(page, 'participant@example.org', '/tracks');
  await dismissAnnouncements(page);
  const opened = context.waitForEvent('page');
  await page.getByRole('link', { name: 'Feedback (opens in a new tab)' }).click();
  const form = await opened;
  await expect(form.getByRole('heading', { name: 'Feedback' })).toBeVisible();
  await expectNoAxeViolations(form);
  await form.getByRole('button', { name: 'Send feedback' }).click();
  // The browser refuses an empty required field before anything is sent.
  await expect(form.getByText('Thank you: your feedback was sent.')).toHaveCount(0);
  await form.getByLabel('Your feedback').fill(`The step pages are easy to follow ${RUN}`);
  await form.getByRole('button', { name: 'Send feedback' }).click();
  await expect(form.getByRole('status')).toHaveText('Thank you: your feedback was sent.');
  await expect(form.getByRole('cell', { name: `The step pages are easy to follow ${RUN}` })).toBeVisible();
});
