import { expect, test, type Locator, type Page } from './fixtures';
import { dismissAnnouncements, expectNoAxeViolations, navLinks, signIn, tick } from './support';

/** Every run creates its own names, so reruns against the same data never collide. */
const RUN = Date.now().toString(36).slice(-5);
const SCREENSHOTS = 'test-results/admin-screens';

async function openAdmin(page: Page, email: string, tab: string) {
  await signIn(page, email, `/admin/${tab}`);
  await dismissAnnouncements(page);
}

/** The table of the open tab, once its first page has arrived. */
async function loadedTable(page: Page, name: string): Promise<Locator> {
  const table = page.getByRole('table', { name, exact: true });
  await expect(table).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  return table;
}

/** The texts of one column (1-based, as CSS counts) on the current page. */
async function column(table: Locator, index: number): Promise<string[]> {
  return (await table.locator(`tbody tr td:nth-child(${index})`).allInnerTexts()).map((text) => text.replace(/\s*Inactive$/, '').trim());
}

const isSorted = (values: string[], direction: 'ASC' | 'DESC') =>
  values.every((value, i) => i === 0 || (direction === 'ASC' ? values[i - 1].toLowerCase() <= value.toLowerCase() : values[i - 1].toLowerCase() >= value.toLowerCase()));

/** Clicks a sortable header until it reports the direction, then checks the page's order. */
async function sortBy(table: Locator, header: string, columnIndex: number, direction: 'ASC' | 'DESC') {
  const th = table.getByRole('columnheader', { name: header });
  const wanted = direction === 'ASC' ? 'ascending' : 'descending';
  for (let i = 0; i < 2 && (await th.getAttribute('aria-sort')) !== wanted; i += 1) await th.getByRole('button').click();
  await expect(th).toHaveAttribute('aria-sort', wanted);
  await expect.poll(async () => isSorted(await column(table, columnIndex), direction)).toBe(true);
}

/**
 * Types in the quick search; with text, waits for the debounced request that carries it (a
 * cleared box may be answered from the cache, so there is nothing to wait for).
 */
async function search(page: Page, text: string) {
  const param = new URLSearchParams({ 'where[name]': text }).toString();
  const answered = text ? page.waitForResponse((response) => response.url().includes(param)) : Promise.resolve();
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await answered;
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

test.describe('Admin as superadmin', () => {
  test('tabs in order; /admin opens Conferences', async ({ page }) => {
    await openAdmin(page, 'superadmin@example.org', '');
    await expect(page).toHaveURL(/\/admin\/conferences$/);
    const tabs = page.getByRole('tablist', { name: 'Admin' }).getByRole('tab');
    await expect(tabs).toHaveText(['Churches', 'Districts', 'Conferences', 'Episcopal Areas', 'Jurisdictions', 'Advisors', 'Roles', 'Announcements', 'Audit', 'Retention', 'Transfers', 'Import']);
    await expect(page.getByRole('tab', { name: 'Conferences' })).toHaveAttribute('aria-selected', 'true');
  });

  test('Churches: sort by name and district, search, filter by district', async ({ page }) => {
    await openAdmin(page, 'superadmin@example.org', 'churches');
    const table = await loadedTable(page, 'Churches');
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'District', 'Actions']);
    await sortBy(table, 'Name', 1, 'ASC');
    await sortBy(table, 'Name', 1, 'DESC');
    await sortBy(table, 'District', 2, 'ASC');
    await search(page, 'grace');
    await expect(table.getByRole('cell', { name: 'Grace Chapel', exact: true })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Mount Hope Church', exact: true })).toBeHidden();
    await search(page, '');
    await page.getByRole('combobox', { name: 'District' }).fill('Lakeside');
    await page.getByRole('option', { name: /Lakeside District/ }).click();
    await expect(table.getByRole('cell', { name: 'Riverside Fellowship', exact: true })).toBeVisible();
    await expect.poll(async () => new Set(await column(table, 2))).toEqual(new Set(['Lakeside District']));
    await expectNoAxeViolations(page);
    await screenshot(page, 'churches');
  });

  test('Districts, Conferences, Episcopal Areas: sort and search', async ({ page }) => {
    await openAdmin(page, 'superadmin@example.org', 'districts');
    let table = await loadedTable(page, 'Districts');
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Conference', 'Actions']);
    await sortBy(table, 'Conference', 2, 'DESC');
    await sortBy(table, 'Name', 1, 'ASC');
    await search(page, 'high');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.getByRole('cell', { name: 'High Plains District', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'districts');

    await page.getByRole('tab', { name: 'Conferences' }).click();
    table = await loadedTable(page, 'Conferences');
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Episcopal Area', 'Actions']);
    await sortBy(table, 'Name', 1, 'DESC');
    await sortBy(table, 'Episcopal Area', 2, 'ASC');
    await search(page, 'prairie');
    await expect(table.getByRole('cell', { name: 'Prairie Rivers Conference', exact: true })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Blue Ridge Conference', exact: true })).toBeHidden();
    await expectNoAxeViolations(page);
    await screenshot(page, 'conferences');

    await page.getByRole('tab', { name: 'Episcopal Areas' }).click();
    table = await loadedTable(page, 'Episcopal Areas');
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Jurisdiction', 'Conferences', 'Actions']);
    await expect(table.getByRole('columnheader', { name: 'Conferences' }).getByRole('button')).toHaveCount(0);
    await sortBy(table, 'Name', 1, 'ASC');
    await sortBy(table, 'Jurisdiction', 2, 'DESC');
    await search(page, 'piedmont');
    const piedmont = table.getByRole('row', { name: /Piedmont Episcopal Area/ });
    await expect(piedmont).toContainText('Blue Ridge Conference');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expectNoAxeViolations(page);
    await screenshot(page, 'episcopal-areas');
  });

  test('Jurisdictions: name only, not sortable; search', async ({ page }) => {
    await openAdmin(page, 'superadmin@example.org', 'jurisdictions');
    const table = await loadedTable(page, 'Jurisdictions');
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Actions']);
    await expect(table.getByRole('columnheader', { name: 'Name' }).getByRole('button')).toHaveCount(0);
    await search(page, 'central');
    await expect(table.getByRole('cell', { name: 'South Central Jurisdiction', exact: true })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Southeastern Jurisdiction', exact: true })).toBeHidden();
    await expectNoAxeViolations(page);
    await screenshot(page, 'jurisdictions');
  });

  test('Advisors: names link to profiles, last name sorts, search', async ({ page }) => {
    await openAdmin(page, 'superadmin@example.org', 'advisors');
    const table = await loadedTable(page, 'Advisors');
    await expect(table.getByRole('columnheader')).toHaveText(['', 'First Name', 'Last Name', 'Email']);
    await sortBy(table, 'Last Name', 3, 'DESC');
    await sortBy(table, 'Last Name', 3, 'ASC');
    await search(page, 'abigail');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.getByRole('link', { name: 'Abigail' })).toHaveAttribute('href', '/users/demo-advisor');
    await expect(page.getByRole('button', { name: 'Remove Role From Users' })).toBeDisabled();
    await tick(table.getByRole('checkbox', { name: 'Select Abigail Nguyen' }));
    await expect(page.getByRole('button', { name: 'Remove Role From Users' })).toBeEnabled();
    await page.getByRole('button', { name: 'Remove Role From Users' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Role From Users' });
    await expect(confirm).toContainText('Remove the Advisor role from 1 selected user?');
    await expectNoAxeViolations(page, { floatingLayerOpen: true });
    await confirm.getByRole('button', { name: 'Cancel' }).click(); // keep the demo advisor for other tests
    await expect(confirm).toBeHidden();
    await expectNoAxeViolations(page);
    await screenshot(page, 'advisors');
  });

  test('creates a district and a church in it, and finds them', async ({ page }) => {
    const district = `E2E District ${RUN}`;
    const church = `E2E Church ${RUN}`;
    await openAdmin(page, 'superadmin@example.org', 'districts');
    await loadedTable(page, 'Districts');
    const addDistrict = page.getByRole('button', { name: 'Add District' });
    await addDistrict.click();
    let dialog = page.getByRole('dialog', { name: 'Add District' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Name is required.')).toBeVisible();
    await expect(dialog.getByText('Location is required')).toBeVisible();
    await expectNoAxeViolations(page, { floatingLayerOpen: true });
    await screenshot(page, 'add-district-errors');
    await dialog.getByRole('textbox', { name: /Name/ }).fill(district);
    await dialog.getByRole('combobox', { name: /Conference/ }).fill('Blue');
    await page.getByRole('option', { name: /Blue Ridge Conference/ }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`District ${district} was added.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(addDistrict).toBeFocused();
    await search(page, `e2e district ${RUN}`);
    const districtTable = page.getByRole('table', { name: 'Districts' });
    await expect(districtTable.getByRole('row', { name: new RegExp(district) })).toContainText('Blue Ridge Conference');

    await page.getByRole('tab', { name: 'Churches' }).click();
    await loadedTable(page, 'Churches');
    await page.getByRole('button', { name: 'Add Church' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Church' });
    await dialog.getByRole('textbox', { name: /Name/ }).fill(church);
    await dialog.getByRole('combobox', { name: /District/ }).fill(RUN);
    await page.getByRole('option', { name: new RegExp(district) }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Church ${church} was added.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByRole('combobox', { name: 'District' }).fill(RUN);
    await page.getByRole('option', { name: new RegExp(district) }).click();
    const churches = page.getByRole('table', { name: 'Churches' });
    await expect(churches.locator('tbody tr')).toHaveCount(1);
    await expect(churches.getByRole('row', { name: new RegExp(church) })).toContainText(district);

    // Rename it through the edit dialog (which reads the version), then deactivate it.
    await churches.getByRole('button', { name: `Actions for ${church}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Church' });
    await expect(dialog.getByRole('textbox', { name: /Name/ })).toHaveValue(church);
    await dialog.getByRole('textbox', { name: /Name/ }).fill(`${church} Renamed`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Church ${church} Renamed was saved.`)).toBeVisible();
    await churches.getByRole('button', { name: `Actions for ${church} Renamed` }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await page.getByRole('alertdialog', { name: 'Deactivate Church' }).getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText(`${church} Renamed was deactivated.`)).toBeVisible();
    await expect(churches.getByText('No results')).toBeVisible();
    await tick(page.getByRole('radio', { name: 'Inactive' }));
    await expect(churches.getByRole('row', { name: new RegExp(`${church} Renamed`) })).toContainText('Inactive');
  });

  test('moves a church to another district: it is saved, the toast of the move job says when it is done, and the church is listed under its new district', async ({ page }) => {
    const church = `E2E Moving Church ${RUN}`;
    await openAdmin(page, 'superadmin@example.org', 'churches');
    await loadedTable(page, 'Churches');
    await page.getByRole('button', { name: 'Add Church' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Church' });
    await dialog.getByRole('textbox', { name: /Name/ }).fill(church);
    await dialog.getByRole('combobox', { name: /District/ }).fill('Lakeside');
    await page.getByRole('option', { name: /Lakeside District/ }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Church ${church} was added.`)).toBeVisible();
    await search(page, church.toLowerCase());
    const churches = page.getByRole('table', { name: 'Churches' });
    await expect(churches.getByRole('row', { name: new RegExp(church) })).toContainText('Lakeside District');

    await churches.getByRole('button', { name: `Actions for ${church}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Church' });
    const district = dialog.getByRole('combobox', { name: /District/ });
    await expect(district).toHaveValue('Lakeside District');
    await district.fill('Foothills');
    await page.getByRole('option', { name: /Foothills District/ }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Church ${church} was saved.`)).toBeVisible();
    // The job's toast ends with its outcome (the job runs off the table's stream).
    await expect(page.getByText(`Moving ${church} to Foothills District: done.`)).toBeVisible({ timeout: 30_000 });
    await expect(churches.getByRole('row', { name: new RegExp(church) })).toContainText('Foothills District');
    // react-aria's announcer keeps the picked option's announcement for a few seconds, labelled by
    // an option that is gone with the dialog; axe reads the page once it has cleared.
    await expect(page.locator('[data-live-announcer] [role="img"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('creates a role with policies, then deletes it; system roles cannot be edited', async ({ page }) => {
    const role = `E2E Role ${RUN}`;
    await openAdmin(page, 'superadmin@example.org', 'roles');
    const table = await loadedTable(page, 'Roles');
    await expect(table.getByRole('button', { name: 'Edit Conference Admin' })).toBeDisabled();
    await expect(table.getByRole('button', { name: 'Delete Conference Admin' })).toBeDisabled();
    await expect(page.getByText('System roles cannot be edited or deleted.')).toBeVisible();
    await sortBy(table, 'Name', 1, 'DESC');
    await expectNoAxeViolations(page);
    await screenshot(page, 'roles');

    await page.getByRole('button', { name: 'Add Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Role Editor' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Name is required.')).toBeVisible();
    await expect(dialog.getByText('Select at least one action.')).toBeVisible();
    await expect(dialog.getByText('Select at least one subject.')).toBeVisible();
    await dialog.getByRole('textbox', { name: /Name/ }).fill(role);
    const policy1 = dialog.getByRole('group', { name: 'Policy 1' });
    await tick(policy1.getByRole('checkbox', { name: 'Read' }));
    await tick(policy1.getByRole('checkbox', { name: 'Update' }));
    // Keyboard: Space ticks the focused subject, Tab moves to the next one down the tree.
    await policy1.getByRole('checkbox', { name: 'Conference' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(policy1.getByRole('checkbox', { name: 'District' })).toBeChecked();
    await dialog.getByRole('button', { name: '+ Add Policy' }).click();
    const policy2 = dialog.getByRole('group', { name: 'Policy 2' });
    await tick(policy2.getByRole('checkbox', { name: 'Create' }));
    await tick(policy2.getByRole('checkbox', { name: 'Form' }));
    await expectNoAxeViolations(page, { floatingLayerOpen: true });
    await screenshot(page, 'role-editor');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`The ${role} role was added.`)).toBeVisible();

    await search(page, role);
    const row = table.getByRole('row', { name: new RegExp(role) });
    await expect(row).toContainText('Custom');
    await expect(row).toContainText('read, update: Conference, District');
    await expect(row).toContainText('create: Form');
    await row.getByRole('button', { name: `Delete ${role}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Delete' });
    await expect(confirm).toContainText(`Are you sure you want to delete the ${role} role?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`The ${role} role was deleted.`)).toBeVisible();
    await expect(table.getByText('No results')).toBeVisible();
  });
});

test.describe('Admin as the demo conference admin', () => {
  test("sees only Blue Ridge Conference's districts and churches", async ({ page }) => {
    await openAdmin(page, 'conference.admin@example.org', 'districts');
    await expect(page.getByRole('tablist', { name: 'Admin' }).getByRole('tab')).toHaveText(['Churches', 'Districts', 'Conferences', 'Advisors', 'Roles', 'Announcements', 'Audit', 'Retention', 'Transfers', 'Import']);
    let table = await loadedTable(page, 'Districts');
    await expect(table.getByRole('cell', { name: 'Foothills District', exact: true })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Lakeside District', exact: true })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'High Plains District', exact: true })).toBeHidden();
    expect(new Set(await column(table, 2))).toEqual(new Set(['Blue Ridge Conference']));
    await expectNoAxeViolations(page);
    await screenshot(page, 'conference-admin-districts');

    await page.getByRole('tab', { name: 'Churches' }).click();
    table = await loadedTable(page, 'Churches');
    await expect(table.getByRole('cell', { name: 'Grace Chapel', exact: true })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Prairie Light Church', exact: true })).toBeHidden();
    await expect(table.getByRole('cell', { name: 'Wesley Crossing Church', exact: true })).toBeHidden();
    await search(page, 'prairie');
    await expect(table.getByText('No results')).toBeVisible();

    await page.goto('/admin/episcopal-areas');
    await dismissAnnouncements(page);
    await expect(page.getByText('You cannot update EpiscopalArea.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("Retention: the conference's periods, and the legal hold on Daniel Park's enrolment", async ({ page }) => {
    await openAdmin(page, 'conference.admin@example.org', 'retention');
    await expect(page.getByRole('form', { name: 'Retention periods' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Legal holds in force' })).toContainText('Daniel Park');
    await expectNoAxeViolations(page);
    await screenshot(page, 'conference-admin-retention');
  });
});

test('a participant has no Admin link and /admin shows the forbidden state', async ({ page }) => {
  await signIn(page, 'participant@example.org', '/admin');
  await dismissAnnouncements(page);
  expect(await navLinks(page)).not.toContain('Admin');
  await expect(page.getByText('You cannot update Conference.')).toBeVisible();
  await page.goto('/admin/churches');
  await dismissAnnouncements(page);
  await expect(page.getByText('You cannot update Conference.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});
