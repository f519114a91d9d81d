import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { DEMO_USERS } from '../../functions/db/seed/demo-people';
import { totpCode } from '../../functions/core/identity/totp';
import { DEMO_LOCATION_IDS } from '../../functions/db/seed/demo-organisation';

export const DEMO_PASSWORD = 'demo-password';

/**
 * Signs in through the real sign-in page of the identity provider. Demo accounts with an
 * authenticator app (superadmin, conference admin) answer its code page with a code computed
 * from their published secret, as their app would.
 */
export async function signIn(page: Page, email: string, path = '/') {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const totpSecret = DEMO_USERS.find((user) => user.email === email)?.totpSecret;
  if (totpSecret) await enterAuthenticatorCode(page, totpSecret);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/** The provider's second sign-in step: the current code of the authenticator app with this secret. */
export async function enterAuthenticatorCode(page: Page, totpSecret: string) {
  await page.getByLabel('Authenticator code').fill(totpCode(totpSecret));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** The announcements dialog opens once per load; close it to reach the page. */
export async function dismissAnnouncements(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Announcements' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
}

/** A fresh browser context signed in as this user at this path, announcements dismissed (for stories with several people). */
export async function signedIn(browser: Browser, email: string, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, path);
  await dismissAnnouncements(page);
  return page;
}

/** Ticks a react-aria checkbox or radio as a user does: by clicking its label (the real input is visually hidden). */
export async function tick(control: Locator) {
  await control.locator('xpath=ancestor::label[1]').click();
  await expect(control).toBeChecked();
}

/**
 * axe with every rule on. While a popover is open, its layer sits at the end of <body> beside
 * the landmarks with react-aria's visually hidden dismiss button, so the `region` rule is off
 * for that state only.
 */
export async function expectNoAxeViolations(page: Page, options: { floatingLayerOpen?: boolean } = {}) {
  // A layer mid-animation is not what a user reads: a dialog fading in or out has text at partial
  // opacity (axe: low contrast; a confirmation opening as Manage Participant closed failed a run), and a
  // popover fading out (a picked option's listbox) sits at the end of <body> outside every landmark
  // (axe: `region`). Wait until none is entering or leaving: react-aria marks a modal's overlay
  // `data-entering` while it fades in (the panel's own animation runs under that mark, so it ends with
  // it) and a popover `data-exiting` while it fades out; our modals close with their own class.
  await expect(page.locator('.ui-modal-overlay[data-entering], .ui-popover[data-exiting], .ui-modal-overlay.ui-closing')).toHaveCount(0);
  // react-aria's live announcer (visually hidden) announces a pending button 100 ms late, as a role="img" node
  // labelled by elements that may be gone by then, and keeps it 7 s: a transient node of the library, not of
  // our page, and waiting for it raced that delay (a CI failure). Everything else on the page is checked.
  const builder = new AxeBuilder({ page }).exclude('[data-live-announcer]');
  if (options.floatingLayerOpen) builder.disableRules(['region']);
  const results = await builder.analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

export async function navLinks(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts();
}

interface StoredEmail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
  /** Base64 contents, as the mail viewer keeps them. */
  attachments?: { filename: string; contentType: string; content: string }[];
}

/** Every email the local mail viewer holds for `address`, oldest first. */
export async function emailsTo(address: string): Promise<StoredEmail[]> {
  const store = (await (await fetch(`${process.env.E2E_MAIL_URL}/store`)).json()) as { emails: StoredEmail[] };
  return store.emails.filter((item) => item.destination.to.includes(address));
}

/** The set-password link of the newest invitation to `email`, from the local mail viewer's store (the outbox worker delivers it). */
export async function invitationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await emailsTo(email)).at(-1);
      link = mail?.body.text && /https?:\/\/\S+\/oidc\/invitation\S*/.exec(mail.body.text)?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

/** The invited user, in their own browser: sets a password from the invitation email and signs in. */
export async function acceptInvitation(page: Page, email: string, password: string) {
  await page.goto(await invitationLink(email));
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByRole('link', { name: 'Sign in to Formation Tracks' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Adds a user through the app's own API in the signed-in page (same origin, the caller's session); answers the new id. */
export async function addUser(page: Page, firstName: string, lastName: string, options: { salesforceId?: string; districtId?: string } = {}): Promise<string> {
  return page.evaluate(
    async ({ firstName, lastName, districtId, salesforceId }) => {
      const send = async (method: string, path: string, body: unknown) => {
        const res = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      const email = `${firstName}.${lastName}@example.org`.toLowerCase();
      const user = await send('POST', '/api/admin/sign-up-user', { firstName, lastName, email, districtLocation: districtId, districtLocationType: 'District' });
      // A new user is at version 1.
      if (salesforceId) await send('PATCH', `/api/user/${user.id}`, { version: 1, salesforceId });
      return user.id as string;
    },
    { firstName, lastName, districtId: options.districtId ?? DEMO_LOCATION_IDS.district2, salesforceId: options.salesforceId },
  );
}

/** The bell's notification with this message, once the outbox worker has delivered it (read again on each try). */
export async function openNotification(page: Page, message: string) {
  await expect(async () => {
    await page.reload();
    await dismissAnnouncements(page);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: `Unread: ${message}` })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: `Unread: ${message}` }).click();
}
