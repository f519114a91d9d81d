import { expect, test, type Page } from './fixtures';
import { dismissAnnouncements, expectNoAxeViolations, signIn, tick } from './support';

/** Every run creates its own names, so reruns against the same data never collide. */
const RUN = Date.now().toString(36).slice(-5);

async function openTracks(page: Page, email: string, path = '/tracks') {
  await signIn(page, email, path);
  await dismissAnnouncements(page);
}


test.describe('Tracks as a conference admin', () => {
  test('creates a track from the Track menu, then edits it (Save only when changed and valid)', async ({ page }) => {
    test.slow(); // one user story with four axe checks: past the 45 s default on a loaded two-core machine (seen at 50 s)
    await openTracks(page, 'conference.admin@example.org');
    const templates = page.getByRole('table', { name: 'Track Templates' });
    await expect(templates.getByRole('link', { name: 'Candidacy Pathway' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Track' }).click();
    await page.getByRole('menuitem', { name: 'Create New' }).click();
    await expect(page).toHaveURL(/\/tracks\/create-track$/);
    const dialog = page.getByRole('dialog', { name: 'Create Track' });
    const create = dialog.getByRole('button', { name: 'Create' });
    await expect(create).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Conference' }).fill('Blue');
    await page.getByRole('option', { name: 'Blue Ridge Conference' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`  Deacon Path ${RUN}`);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Steps toward ordination as a deacon.');
    await expectNoAxeViolations(page);
    await create.click();

    await expect(page).toHaveURL(/\/tracks\/[0-9A-Z]{26}$/);
    await expect(page.getByRole('heading', { level: 1, name: `Deacon Path ${RUN}` })).toBeVisible();
    const form = page.getByRole('form', { name: 'Edit track' });
    const save = form.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    const name = form.getByRole('textbox', { name: 'Name' });
    await name.fill(`   Deacon Pathway ${RUN}`);
    // Leading whitespace goes while typing.
    await expect(name).toHaveValue(`Deacon Pathway ${RUN}`);
    await name.fill('D');
    await expect(form.getByText('Name must be at least 2 characters.')).toBeVisible();
    await expect(save).toBeDisabled();
    await name.fill(`Deacon Pathway ${RUN}`);
    await save.click();
    await expect(page.getByRole('heading', { level: 1, name: `Deacon Pathway ${RUN}` })).toBeVisible();
    await expect(save).toBeDisabled();
    await expectNoAxeViolations(page);

    // Two phases, then the second moves left.
    for (const phase of ['Calling', 'Study']) {
      await page.getByRole('button', { name: 'Add Phase' }).click();
      await expect(page).toHaveURL(/\/phase\/new$/);
      const create = page.getByRole('dialog', { name: 'Create Phase' });
      await create.getByRole('button', { name: 'Save' }).click();
      await expect(create.getByText('Name is required.')).toBeVisible();
      await create.getByRole('textbox', { name: 'Name' }).fill(phase);
      await create.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('heading', { level: 3, name: new RegExp(`\\d\\. ${phase}$`) })).toBeVisible();
    }
    const phases = page.getByRole('heading', { level: 3 });
    await expect(phases).toHaveText(['1. Calling', '2. Study']);
    await expect(page.getByRole('listitem', { name: '1. Calling' }).getByRole('button', { name: 'Move left' })).toBeDisabled();
    await page.getByRole('listitem', { name: '2. Study' }).getByRole('button', { name: 'Move left' }).click();
    await expect(phases).toHaveText(['1. Study', '2. Calling']);
    await expectNoAxeViolations(page);
  });

  test('copies a system track into the conference (Copy from Existing) and watches the job until the copy opens; imports a phase into it', async ({ page }) => {
    test.slow(); // two background jobs, each followed to its end
    await openTracks(page, 'conference.admin@example.org');
    await page.getByRole('button', { name: 'Track' }).click();
    await page.getByRole('menuitem', { name: 'Copy from Existing' }).click();
    await expect(page).toHaveURL(/\/tracks\/copy-track$/);
    const dialog = page.getByRole('dialog', { name: 'Copy from Existing' });
    const copy = dialog.getByRole('button', { name: 'Copy' });
    await expect(copy).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'System track' }).fill('Lic');
    await page.getByRole('option', { name: 'Licensing School Pathway' }).click();
    await dialog.getByRole('combobox', { name: 'Conference' }).fill('Blue');
    await page.getByRole('option', { name: 'Blue Ridge Conference' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(' L ');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Our copy of the shared licensing pathway.');
    await expect(copy).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`  Licensing ${RUN} `);
    await expect(copy).toBeEnabled();
    await expectNoAxeViolations(page);

    // The dialog follows the background job (GET /api/job/{id}) until it has succeeded, then opens the copy.
    const firstRead = page.waitForResponse((response) => /\/api\/job\/[0-9A-Z]{26}$/.test(new URL(response.url()).pathname));
    await copy.click();
    const job = await (await firstRead).json();
    expect(job).toMatchObject({ kind: 'track.copy', title: 'Copying Licensing School Pathway into Blue Ridge Conference' });
    await expect(page).toHaveURL(/\/tracks\/[0-9A-Z]{26}$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: `Licensing ${RUN}` })).toBeVisible();
    await expect(page.getByText('Copy', { exact: true })).toBeVisible();
    const phase = page.getByRole('listitem', { name: '1. Foundations' });
    await expect(phase.getByText('Reading reflection')).toBeVisible();
    // A copied phase is locked: it moves, but is neither edited nor deleted.
    await expect(phase.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Import Phase: Conference (System), then Track Template, then Phase; each choice resets the later ones.
    await page.getByRole('button', { name: 'Import Phase' }).click();
    await expect(page).toHaveURL(/\/phase\/import$/);
    const picker = page.getByRole('dialog', { name: 'Import Phase' });
    await picker.getByRole('button', { name: 'Save' }).click();
    await expect(picker.getByText('Required', { exact: true })).toHaveCount(3);
    await picker.getByRole('combobox', { name: 'Conference' }).fill('Sys');
    await page.getByRole('option', { name: 'System' }).click();
    await picker.getByRole('combobox', { name: 'Track Template' }).fill('Lic');
    await page.getByRole('option', { name: 'Licensing School Pathway' }).click();
    await picker.getByRole('combobox', { name: 'Phase' }).fill('Found');
    await page.getByRole('option', { name: '1. Foundations' }).click();
    await expectNoAxeViolations(page);
    await picker.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 3 })).toHaveText(['1. Foundations', '2. Foundations'], { timeout: 30_000 });
  });

  test('deletes a track from the list (Confirm delete has its route) and watches the delete job until the row is gone', async ({ page }) => {
    test.slow(); // a background job followed to its end
    const name = `Short Lived ${RUN}`;
    await openTracks(page, 'conference.admin@example.org');
    await page.getByRole('button', { name: 'Track' }).click();
    await page.getByRole('menuitem', { name: 'Create New' }).click();
    const create = page.getByRole('dialog', { name: 'Create Track' });
    await create.getByRole('combobox', { name: 'Conference' }).fill('Blue');
    await page.getByRole('option', { name: 'Blue Ridge Conference' }).click();
    await create.getByRole('textbox', { name: 'Name' }).fill(name);
    await create.getByRole('textbox', { name: 'Description' }).fill('A track made to be deleted.');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('button', { name: 'Add Phase' }).click();
    await page.getByRole('dialog', { name: 'Create Phase' }).getByRole('textbox', { name: 'Name' }).fill('Only phase');
    await page.getByRole('dialog', { name: 'Create Phase' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 3, name: '1. Only phase' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tracks' }).click();
    const templates = page.getByRole('table', { name: 'Track Templates' });
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    const row = templates.getByRole('row', { name: new RegExp(name) });

    // Confirm deactivation has its route too: Back closes it; confirmed, the track leaves the Active list.
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page).toHaveURL(/\/tracks\/deactivate-track\/[0-9A-Z]{26}$/);
    const deactivation = page.getByRole('alertdialog', { name: 'Confirm deactivation' });
    await expect(deactivation.getByText(`Are you sure you want to deactivate the track "${name}"? Nobody new can be enrolled in it.`)).toBeVisible();
    await page.goBack();
    await expect(deactivation).toHaveCount(0);
    await expect(page).toHaveURL(/\/tracks$/);
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await deactivation.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText(`${name} was deactivated.`)).toBeVisible();
    await expect(page).toHaveURL(/\/tracks$/);
    await expect(templates.getByRole('link', { name })).toHaveCount(0);
    await tick(page.getByRole('checkbox', { name: 'Inactive' }));
    await expect(row.getByText('Inactive')).toBeVisible();

    await row.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/tracks\/delete-track\/[0-9A-Z]{26}$/);
    const dialog = page.getByRole('dialog', { name: 'Confirm delete' });
    await expect(dialog.getByText(`Are you sure you want to delete the track "${name}" with its phases and steps? This cannot be undone.`)).toBeVisible();
    await expectNoAxeViolations(page);

    // The dialog follows the delete job (GET /api/job/{id}) until it has succeeded, then closes; the row is gone at once.
    const firstRead = page.waitForResponse((response) => /\/api\/job\/[0-9A-Z]{26}$/.test(new URL(response.url()).pathname));
    await dialog.getByRole('button', { name: 'Delete' }).click();
    expect(await (await firstRead).json()).toMatchObject({ kind: 'track.delete', title: `Deleting ${name}` });
    await expect(dialog).toHaveCount(0, { timeout: 30_000 });
    await expect(page).toHaveURL(/\/tracks$/);
    await expect(templates.getByRole('link', { name })).toHaveCount(0);
    await expect(templates.getByText('No results')).toBeVisible();
  });

  test('reads why a phase with steps cannot be deleted', async ({ page }) => {
    await openTracks(page, 'conference.admin@example.org', '/tracks/demo-track-candidacy');
    await page.getByRole('listitem', { name: '1. Discernment' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/phase\/demo-phase-discernment\/delete$/);
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText('Are you sure you want to delete the phase "Discernment"?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Cannot delete phase that contains steps.')).toBeVisible();
  });
});

test.describe('Tracks as others', () => {
  test("a superadmin's list starts on the System tracks", async ({ page }) => {
    await openTracks(page, 'superadmin@example.org');
    const templates = page.getByRole('table', { name: 'Track Templates' });
    await expect(templates.getByRole('link', { name: 'Licensing School Pathway' })).toBeVisible();
    await expect(templates.getByRole('link', { name: 'Candidacy Pathway' })).toHaveCount(0);

    // Only a superadmin edits a system track.
    await templates.getByRole('link', { name: 'Licensing School Pathway' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Licensing School Pathway' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Edit track' });
    await form.getByRole('textbox', { name: 'Description' }).fill(`The licensing course, edited ${RUN}.`);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`The licensing course, edited ${RUN}.`, { exact: true }).first()).toBeVisible();
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expectNoAxeViolations(page);
  });

  test("imports another conference's track (Import from Existing), watches the job, and lands on the copy with its phases", async ({ page }) => {
    test.slow(); // a background job followed to its end
    // No demo conference admin reads a second conference: the superadmin imports Blue Ridge's track into Prairie Rivers.
    await openTracks(page, 'superadmin@example.org');
    await page.getByRole('button', { name: 'Track' }).click();
    await page.getByRole('menuitem', { name: 'Import from Existing' }).click();
    await expect(page).toHaveURL(/\/tracks\/import-track$/);
    const dialog = page.getByRole('dialog', { name: 'Import from Existing' });
    const importButton = dialog.getByRole('button', { name: 'Import' });
    await expect(importButton).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Source conference' }).fill('Blue');
    await page.getByRole('option', { name: 'Blue Ridge Conference' }).click();
    await dialog.getByRole('combobox', { name: 'Track', exact: true }).fill('Cand');
    await page.getByRole('option', { name: 'Candidacy Pathway' }).click();
    await dialog.getByRole('combobox', { name: 'Conference', exact: true }).fill('Prairie');
    await page.getByRole('option', { name: 'Prairie Rivers Conference' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`Prairie Candidacy ${RUN}`);
    await dialog.getByRole('textbox', { name: 'Description' }).fill("Blue Ridge's candidacy pathway, for Prairie Rivers.");
    await expect(importButton).toBeEnabled();
    await expectNoAxeViolations(page);

    const firstRead = page.waitForResponse((response) => /\/api\/job\/[0-9A-Z]{26}$/.test(new URL(response.url()).pathname));
    await importButton.click();
    expect(await (await firstRead).json()).toMatchObject({ kind: 'track.copy', title: 'Importing Candidacy Pathway into Prairie Rivers Conference' });
    await expect(page).toHaveURL(/\/tracks\/[0-9A-Z]{26}$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: `Prairie Candidacy ${RUN}` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 })).toHaveText(['1. Discernment', '2. Formation']);
    await expectNoAxeViolations(page);
  });

  test('an advisor sees the enrolment assigned to them and no Track menu', async ({ page }) => {
    await openTracks(page, 'advisor@example.org');
    const assignments = page.getByRole('region', { name: 'Assignments' });
    await expect(assignments.getByRole('link', { name: 'Priya Raman: Candidacy Pathway' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Participating' }).getByText('No tracks yet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Track' })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Track Templates' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a mentor with no tracks, no assignments and no track-admin right is taken to their profile', async ({ page }) => {
    await openTracks(page, 'mentor@example.org');
    await expect(page).toHaveURL(/\/users\/[^/]+$/);
    await expect(page.getByRole('button', { name: 'Track' })).toHaveCount(0);
  });
});
