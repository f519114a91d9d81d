import { expect, test } from './fixtures';
import { dismissAnnouncements, expectNoAxeViolations, navLinks, signIn } from './support';

// Home is the Dashboard for those who may update a district or conference, /tracks for everyone else;
// someone with no tracks, no assignments and no track-admin right lands on their profile.
// The demo participant is enrolled and the demo advisor assigned to them, and the demo interviewer sits on a
// living candidate's enrolment, so all three stay on /tracks.
const TRACKS = /\/tracks$/;
const DASHBOARD = /\/dashboard$/;
const OWN_PROFILE = /\/users\/[^/]+$/;
const ACCOUNTS: Array<{ email: string; links: string[]; lands: RegExp }> = [
  { email: 'superadmin@example.org', links: ['Home', 'Tracks', 'Dashboard', 'Users', 'Forms', 'Admin'], lands: DASHBOARD },
  { email: 'conference.admin@example.org', links: ['Home', 'Tracks', 'Dashboard', 'Users', 'Forms', 'Admin'], lands: DASHBOARD },
  { email: 'district.admin@example.org', links: ['Home', 'Tracks', 'Dashboard', 'Users', 'Forms', 'Admin'], lands: DASHBOARD },
  { email: 'advisor@example.org', links: ['Home', 'Tracks'], lands: TRACKS },
  { email: 'mentor@example.org', links: ['Home', 'Tracks'], lands: OWN_PROFILE },
  { email: 'interviewer@example.org', links: ['Home', 'Tracks'], lands: TRACKS },
  { email: 'participant@example.org', links: ['Home', 'Tracks'], lands: TRACKS },
];

for (const account of ACCOUNTS) {
  test(`${account.email} signs in and sees the right navigation`, async ({ page }) => {
    await signIn(page, account.email);
    await expect(page).toHaveURL(account.lands);
    await dismissAnnouncements(page);
    expect(await navLinks(page)).toEqual(account.links);
  });
}

test('a wrong password shows an error and opens no session', async ({ page }) => {
  await page.goto('/tracks');
  await page.getByLabel('Email').fill('participant@example.org');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Incorrect email or password.')).toBeVisible();
  const res = await page.request.get('/api/user/user');
  expect(res.status()).toBe(401);
});

test('the announcements dialog lists each message once per load, and Escape closes it', async ({ page }) => {
  await signIn(page, 'mentor@example.org');
  const dialog = page.getByRole('dialog', { name: 'Announcements' });
  await expect(dialog).toBeVisible();
  expect(await dialog.getByRole('listitem').count()).toBeGreaterThan(0);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'Tracks', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(dialog).toBeVisible();
});

test('notifications: list, load more, mark one read, mark all read', async ({ page }) => {
  await signIn(page, 'participant@example.org');
  await dismissAnnouncements(page);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  const before = Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1] ?? 0);
  expect(before).toBeGreaterThan(0);
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  // A page of 5, then more until there are no more (other specs add to the participant's inbox).
  const items = panel.getByRole('listitem');
  await expect(items).toHaveCount(5);
  const loadMore = panel.getByRole('button', { name: 'Load more' });
  for (let shown = 5; await loadMore.isVisible(); ) {
    await loadMore.click();
    await expect.poll(() => items.count()).toBeGreaterThan(shown);
    shown = await items.count();
  }
  expect(await items.count()).toBeGreaterThan(5);
  await expectNoAxeViolations(page, { floatingLayerOpen: true });
  await panel.getByRole('button', { name: /^Unread: / }).first().click();
  await expect(page.getByRole('button', { name: new RegExp(`Notifications, ${before - 1} unread`) })).toBeVisible();
  // A notification with a link navigates and closes the panel; one without keeps it open.
  if (!(await panel.isVisible())) await page.getByRole('button', { name: /^Notifications/ }).click();
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});

test('a participant has no Admin, Users or Forms, and /admin shows the forbidden state', async ({ page }) => {
  await signIn(page, 'participant@example.org', '/admin');
  await dismissAnnouncements(page);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('You cannot update Conference.')).toBeVisible();
  expect(await navLinks(page)).not.toContain('Admin');
  await expectNoAxeViolations(page);
});

test('sign out ends the session and the next visit goes to sign-in', async ({ page }) => {
  await signIn(page, 'advisor@example.org');
  await dismissAnnouncements(page);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByLabel('Password')).toBeVisible();
  expect((await page.request.get('/api/user/user')).status()).toBe(401);
  await page.goto('/tracks');
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
});
