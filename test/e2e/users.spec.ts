import { expect, test, type Page } from './fixtures';
import { acceptInvitation, dismissAnnouncements, expectNoAxeViolations, signIn, tick } from './support';

const RUN = Date.now().toString(36);

async function openUsers(page: Page) {
  await signIn(page, 'conference.admin@example.org', '/users');
  await dismissAnnouncements(page);
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
}

test('a conference admin adds a user, who sets a password from the invitation email and signs in', async ({ page, browser }) => {
  const email = `nia.${RUN}@example.org`;
  await openUsers(page);
  // Loaded (whoever is on the first page: people other tests add can push the demo's off it).
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('link').first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await expect(page).toHaveURL(/\/users\/add-user$/);
  // Disabled until valid (a superadmin would bypass this); a field left empty says why.
  await expect(dialog.getByRole('button', { name: 'Add User' })).toBeDisabled();
  await dialog.getByLabel('First Name').focus();
  await page.keyboard.press('Tab');
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
  await acceptInvitation(theirs, email, 'a long new password');
  await dismissAnnouncements(theirs);
  await expect(theirs.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('each Actions dialog has its own route: Back closes Assign Role and leaves the table and its selection', async ({ page }) => {
  await openUsers(page);
  const table = page.getByRole('table', { name: 'Users' });
  // Found by search: people other tests add (a retry adds them again) can push her off the first page.
  // The search answered before she is ticked, so the dialog opens on a settled table.
  await page.getByRole('searchbox', { name: 'Search' }).fill('Priya Raman');
  await expect(table.getByRole('link')).toHaveText(['Priya Raman']);
  await tick(table.getByRole('checkbox', { name: 'Select Priya Raman' }));
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Assign Role to Users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign Role to Users' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/users\/assign-role$/);
  await dialog.getByRole('combobox', { name: /Role/ }).fill('a');
  // Only roles a conference admin could hold: never Superadmin or Bishop.
  await expect(page.getByRole('option', { name: 'Advisor' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Superadmin' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page);
  await page.goBack();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/users$/);
  await expect(table.getByRole('checkbox', { name: 'Select Priya Raman' })).toBeChecked();
});

test("a conference admin edits a new user's profile: details with invalid then valid input, a church membership, a location and a role", async ({ page }) => {
  test.setTimeout(90_000); // two waits for react-aria's announcer (7 s each) before axe
  await openUsers(page);
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('First Name').fill('Olu');
  await dialog.getByLabel('Last Name').fill(`Profile ${RUN}`);
  await dialog.getByLabel('Email').fill(`olu.${RUN}@example.org`);
  await dialog.getByRole('combobox', { name: 'District' }).fill('Foot');
  await page.getByRole('option', { name: /Foothills District/ }).click();
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(`profile ${RUN}`);
  await page.getByRole('table', { name: 'Users' }).getByRole('link', { name: `Olu Profile ${RUN}` }).click();

  // Details: Edit, an invalid phone is refused with SPEC's message, a valid one is saved grouped 3-3-4.
  const details = page.getByRole('region', { name: 'Details' });
  await details.getByRole('button', { name: 'Edit' }).click();
  await details.getByLabel('Primary Number').fill('12345');
  await details.getByLabel('Title').selectOption('Rev.');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByText('Invalid phone number length')).toBeVisible();
  await details.getByLabel('Primary Number').fill('(828) 555 0100');
  await details.getByLabel('Primary Language').selectOption('Swahili');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByText('828-555-0100')).toBeVisible();
  await expect(details.getByText('Swahili')).toBeVisible();
  await expectNoAxeViolations(page);

  // A church membership, 'Home' on by default, then removed (kept as inactive).
  const memberships = page.getByRole('region', { name: 'Church Memberships' });
  await memberships.getByRole('button', { name: 'Add Membership' }).click();
  const add = page.getByRole('dialog', { name: 'Add Membership' });
  await expect(add.getByRole('checkbox', { name: 'Home' })).toBeChecked();
  await add.getByRole('combobox', { name: 'Church' }).fill('Grace');
  await page.getByRole('option', { name: /Grace Chapel/ }).click();
  await add.getByRole('button', { name: 'Add Membership' }).click();
  await expect(memberships.getByText('Grace Chapel')).toBeVisible();
  await expect(memberships.getByText('Primary')).toBeVisible();
  await memberships.getByRole('button', { name: 'Remove membership Grace Chapel' }).click();
  await page.getByRole('alertdialog', { name: 'Remove Membership' }).getByRole('button', { name: 'Remove' }).click();
  await expect(memberships.getByText('Inactive')).toBeVisible();

  // A location and a role.
  const locations = page.getByRole('region', { name: 'Locations' });
  await locations.getByRole('button', { name: 'Add Location' }).click();
  const addLocation = page.getByRole('dialog', { name: 'Add Location' });
  await tick(addLocation.getByRole('radio', { name: 'Church' }));
  await addLocation.getByRole('combobox', { name: 'Church' }).fill('Mount');
  await page.getByRole('option', { name: /Mount Hope Church/ }).click();
  await addLocation.getByRole('button', { name: 'Add Location' }).click();
  await expect(locations.getByText('Mount Hope Church')).toBeVisible();
  // Removed: kept as inactive, with nothing more to remove.
  await locations.getByRole('button', { name: 'Remove location Mount Hope Church' }).click();
  await page.getByRole('alertdialog', { name: 'Remove Location' }).getByRole('button', { name: 'Remove' }).click();
  await expect(locations.getByRole('button', { name: 'Remove location Mount Hope Church' })).toHaveCount(0);
  await expect(locations.getByText('Inactive')).toBeVisible();

  const roles = page.getByRole('region', { name: 'Roles' });
  await roles.getByRole('button', { name: 'Add Role' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign Role to Users' });
  await assign.getByRole('combobox', { name: 'Role' }).fill('Mentor');
  await page.getByRole('option', { name: 'Mentor' }).click();
  await assign.getByRole('button', { name: 'Assign Role' }).click();
  await expect(roles.getByText('Mentor')).toBeVisible();
  await roles.getByRole('button', { name: 'Remove role Mentor' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Remove Role From Users' }).getByText('This action will unassign mentors and/or mentees from this user!')).toBeVisible();
  await page.getByRole('alertdialog', { name: 'Remove Role From Users' }).getByRole('button', { name: 'Remove' }).click();
  await expect(roles.getByRole('button', { name: 'Remove role Mentor' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("the profile's Tracks lists the user's enrolments and opens the track instance page", async ({ page }) => {
  await signIn(page, 'conference.admin@example.org', '/users/demo-participant');
  await dismissAnnouncements(page);
  const tracks = page.getByRole('region', { name: 'Tracks' });
  await tracks.getByRole('link', { name: 'Candidacy Pathway' }).click();
  await expect(page).toHaveURL(/\/tracks\/[^/]+\/assignments\/demo-instance-candidacy$/);
  await expect(page.getByRole('link', { name: 'Priya Raman' })).toBeVisible();
});
