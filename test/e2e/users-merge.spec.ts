import { expect, test } from './fixtures';
import { acceptInvitation, addUser, dismissAnnouncements, expectNoAxeViolations, signIn, tick } from './support';

/** Issue 9: merge two users and follow the merged notice; a deactivated user's open session is refused. */
const RUN = Date.now().toString(36);

test('a superadmin merges two users and follows the merged notice to the kept user', async ({ page }) => {
  await signIn(page, 'superadmin@example.org');
  await dismissAnnouncements(page);
  const source = await addUser(page, 'Robin', `Source${RUN}`, { salesforceId: `SF-${RUN}` });
  await addUser(page, 'Bobbie', `Target${RUN}`);

  await page.goto(`/users/${source}`);
  await dismissAnnouncements(page);
  await page.getByRole('button', { name: 'Merge User' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${source}/merge$`));
  const dialog = page.getByRole('dialog', { name: 'Merge Users' });
  await dialog.getByRole('combobox', { name: /Merge into/ }).fill(`target${RUN}`);
  await page.getByRole('option', { name: new RegExp(`Bobbie Target${RUN}`, 'i') }).click();
  await tick(dialog.getByRole('radiogroup', { name: /First Name to keep/ }).getByRole('radio', { name: 'Robin' }));
  await tick(dialog.getByRole('radiogroup', { name: /Last Name to keep/ }).getByRole('radio', { name: `Target${RUN}` }));
  await expectNoAxeViolations(page, { floatingLayerOpen: true });
  await dialog.getByRole('button', { name: 'Merge', exact: true }).click();

  const status = page.getByRole('region', { name: 'Account status' });
  await expect(status.getByText('This user has been merged')).toBeVisible();
  await expect(status.getByText('Inactive')).toBeVisible();
  await status.getByRole('link', { name: 'Open the merged profile' }).click();
  await expect(page).not.toHaveURL(new RegExp(source));
  await expect(page.getByRole('region', { name: 'Account status' }).getByText('This user has been merged')).toBeHidden();
  await expect(page.getByText(`Robin Target${RUN}`).first()).toBeVisible();
});

test("a deactivated user's open session is refused on their next request", async ({ page, browser }) => {
  const email = `dee.leaving${RUN}@example.org`;
  await signIn(page, 'conference.admin@example.org');
  await dismissAnnouncements(page);
  const userId = await addUser(page, 'Dee', `Leaving${RUN}`);

  const theirs = await (await browser.newContext()).newPage();
  await acceptInvitation(theirs, email, 'a long new password');
  await dismissAnnouncements(theirs);
  await expect(theirs.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await page.goto(`/users/${userId}`);
  await dismissAnnouncements(page);
  const status = page.getByRole('region', { name: 'Account status' });
  await status.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('alertdialog', { name: 'Confirm User Deactivation' }).getByRole('button', { name: 'Deactivate' }).click();
  await expect(status.getByText('Inactive')).toBeVisible();

  // Their next request gets 401 and the app sends them to the provider, which no longer lets them in.
  await theirs.reload();
  await expect(theirs).toHaveURL(/\/oidc\//);
  await expect(theirs.getByRole('navigation', { name: 'Main' })).toBeHidden();
});
