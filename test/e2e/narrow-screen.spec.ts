import { expect, test, type Page } from './fixtures';
import { dismissAnnouncements, signIn } from './support';

// A phone: nothing may widen the page past the screen (wide tables scroll inside their own card), and the
// bell and the account menu stay in view. Each page is checked once its main content has rendered.
test.use({ viewport: { width: 390, height: 844 } });

const PAGES: Array<{ as: string; paths: string[] }> = [
  { as: 'conference.admin@example.org', paths: ['/tracks', '/users', '/users/demo-participant', '/admin/churches', '/tracks/demo-track-candidacy/participants', '/forms', '/dashboard'] },
  { as: 'participant@example.org', paths: ['/tracks/demo-track-candidacy/assignments/demo-instance-candidacy', '/step/demo-step-instance-transcript'] },
];

async function sidewaysOverflow(page: Page): Promise<number> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const { as, paths } of PAGES) {
  test(`at phone width no page scrolls sideways (${as})`, async ({ page }) => {
    await signIn(page, as, paths[0]);
    await dismissAnnouncements(page);
    for (const path of paths) {
      await page.goto(path);
      expect({ path, overflow: await sidewaysOverflow(page) }).toEqual({ path, overflow: 0 });
      await expect(page.getByRole('button', { name: /^Notifications/ })).toBeInViewport();
      await expect(page.getByRole('button', { name: /^Account menu/ })).toBeInViewport();
      // Every link of the top bar is whole on the screen (an administrator's fifth, Admin, was cut at the edge).
      for (const link of await page.getByRole('navigation', { name: 'Main' }).getByRole('link').all()) await expect(link).toBeInViewport({ ratio: 1 });
    }
  });
}
