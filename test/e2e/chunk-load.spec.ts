import { expect, test } from './fixtures';
import { dismissAnnouncements, signIn } from './support';

/** SPEC.md sections 8 and 9: a part of the app that cannot be loaded is reported as ChunkLoadError, with a way to reload. */
test('a page whose chunk cannot be fetched says ChunkLoadError; Reload brings the page once the chunk is there', async ({ page }) => {
  await signIn(page, 'participant@example.org', '/tracks');
  await dismissAnnouncements(page);
  // The step page's chunk is refused, as when the network drops or a deploy replaced it.
  await page.route(/\/assets\/StepPage-[\w-]+\.js$/, (route) => route.abort('failed'));
  await page.goto('/step/demo-step-instance-transcript');
  const alert = page.getByRole('alert').filter({ hasText: 'ChunkLoadError' });
  await expect(alert).toContainText('ChunkLoadError: part of the app could not be loaded. Reload the page to try again.');
  await page.unroute(/\/assets\/StepPage-[\w-]+\.js$/);
  await alert.getByRole('button', { name: 'Reload' }).click();
  await dismissAnnouncements(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload your transcript' })).toBeVisible();
});
