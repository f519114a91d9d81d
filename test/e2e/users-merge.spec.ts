import { expect, test, type Page } from '@playwright/test';
import { DEMO_LOCATION_IDS } from '../../functions/db/seed/demo-organisation';
import { acceptInvitation, dismissAnnouncements, expectNoAxeViolations, signIn, tick } from './support';

/** Issue 9: merge two users and follow the merged notice; a deactivated user's open session is refused. */
const RUN = Date.now().toString(36);

/** Adds a user through the app's own API in the signed-in page (same origin, the caller's session); answers the new id. */
async function addUser(page: Page, firstName: string, lastName: string, salesforceId?: string): Promise<string> {
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
    { firstName, lastName, districtId: DEMO_LOCATION_IDS.district2, salesforceId },
  );
}

test('a superadmin merges two users and follows the merged notice to the kept user', async ({ page }) => {
  await signIn(page, 'superadmin@example.org');
  await dismissAnnouncements(page);
  const source = await addUser(page, 'Robin', `Source${RUN}`, `SF-${RUN}`);
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
