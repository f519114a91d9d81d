import { expect, test, type Page } from '@playwright/test';
import { dismissAnnouncements, expectNoAxeViolations, signIn } from './support';

const RUN = Date.now().toString(36);

interface StoredEmail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
}

/** The set-password link of the newest invitation to `email`, from the local mail viewer's store (the outbox worker delivers it). */
async function invitationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const store = (await (await fetch(`${process.env.E2E_MAIL_URL}/store`)).json()) as { emails: StoredEmail[] };
      const mail = store.emails.filter((item) => item.destination.to.includes(email)).at(-1);
      link = mail?.body.text && /https?:\/\/\S+\/oidc\/invitation\S*/.exec(mail.body.text)?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

async function openUsers(page: Page) {
  await signIn(page, 'conference.admin@example.org', '/users');
  await dismissAnnouncements(page);
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
}

test('a conference admin adds a user, who sets a password from the invitation email and signs in', async ({ page, browser }) => {
  const email = `nia.${RUN}@example.org`;
  await openUsers(page);
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('link', { name: 'Priya Raman' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(dialog.getByText('First Name is required')).toBeVisible();
  await dialog.getByLabel('First Name').fill('Nia');
  await dialog.getByLabel('Last Name').fill(`Newcomer ${RUN}`);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('combobox', { name: 'District' }).fill('Foot');
  await page.getByRole('option', { name: /Foothills District/ }).click();
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText(`Nia Newcomer ${RUN} was added and invited.`)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(`newcomer ${RUN}`);
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('link', { name: `Nia Newcomer ${RUN}` })).toBeVisible();

  // The new user, in a browser of their own.
  const theirs = await (await browser.newContext()).newPage();
  await theirs.goto(await invitationLink(email));
  await theirs.getByLabel('New password').fill('a long new password');
  await theirs.getByLabel('Confirm password').fill('a long new password');
  await theirs.getByRole('button', { name: 'Set password' }).click();
  await theirs.getByRole('link', { name: 'Sign in to Formation Tracks' }).click();
  await theirs.getByLabel('Email').fill(email);
  await theirs.getByLabel('Password').fill('a long new password');
  await theirs.getByRole('button', { name: 'Sign in' }).click();
  await dismissAnnouncements(theirs);
  await expect(theirs.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
