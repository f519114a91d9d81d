import { expect, test, type Page } from './fixtures';
import { db } from '../../functions/db/service';
import { createLocalAccount } from '../../functions/core/identity/local-accounts';
import { totpCode } from '../../functions/core/identity/totp';
import { dismissAnnouncements, enterAuthenticatorCode, expectNoAxeViolations } from './support';

/**
 * A conference admin without an authenticator app is sent to set one up and can use nothing
 * else until done; the page is keyboard usable and axe-clean; the next sign-in asks for a code.
 * The account is new for every run (written to the runtime's table), so reruns never collide.
 */
const RUN = Date.now().toString(36).slice(-5);
const account = { userId: `e2e-mfa-${RUN}`, email: `e2e-mfa-${RUN}@example.org`, password: 'a-long-password' };

test.beforeAll(async () => {
  const { userId, email } = account;
  const entities = db().entities;
  await Promise.all([
    entities.user.create({ userId, firstName: 'Mia', lastName: `Factor ${RUN}`, email }).go(),
    entities.userEmail.create({ email, userId }).go(),
    entities.userRole.create({ userId, roleId: 'role-conference-admin', roleName: 'ConferenceAdmin' }).go(),
    createLocalAccount({ email, password: account.password, userId }),
  ]);
});

async function signInWithPassword(page: Page) {
  await page.goto('/tracks');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a conference admin sets up an authenticator app before anything else, and the next sign-in asks for its code', async ({ page, browser }) => {
  await signInWithPassword(page);
  await expect(page).toHaveURL(/\/security\/authenticator$/);
  await expect(page.getByRole('heading', { name: 'Authenticator app', level: 1 })).toBeVisible();
  await expect(page.getByText('Set up an authenticator app to continue.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Keyboard only: the setup button, then the code field, which takes focus.
  const start = page.getByRole('button', { name: 'Set up authenticator app' });
  await start.focus();
  await page.keyboard.press('Enter');
  const key = page.locator('dt:text-is("Setup key") + dd');
  await expect(key).toBeVisible();
  const secret = (await key.innerText()).replace(/\s/g, '');
  await expect(page.locator('dt:text-is("Setup link") + dd')).toContainText(`otpauth://totp/Formation%20Tracks:`);
  const code = page.getByLabel('6-digit code');
  await expect(code).toBeFocused();
  await expectNoAxeViolations(page);

  await page.keyboard.press('Enter');
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await code.fill(totpCode(secret, Date.now() + 10 * 60_000));
  await page.keyboard.press('Enter');
  await expect(page.getByText('That code is not right. Enter the current 6-digit code from your authenticator app.')).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await code.fill(totpCode(secret));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your authenticator app is set up.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // The shell now opens the announcements dialog; axe checked it mid-fade once (colour contrast): close it first.
  await dismissAnnouncements(page);
  await expectNoAxeViolations(page);

  const later = await browser.newContext();
  const next = await later.newPage();
  await signInWithPassword(next);
  await expect(next.getByLabel('Authenticator code')).toBeVisible();
  await enterAuthenticatorCode(next, secret);
  await expect(next.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await later.close();
});
