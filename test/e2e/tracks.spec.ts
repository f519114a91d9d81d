import { expect, test, type Page } from '@playwright/test';
import { dismissAnnouncements, expectNoAxeViolations, signIn } from './support';

/** Every run creates its own names, so reruns against the same data never collide. */
const RUN = Date.now().toString(36).slice(-5);

async function openTracks(page: Page, email: string, path = '/tracks') {
  await signIn(page, email, path);
  await dismissAnnouncements(page);
}

/** react-aria's live announcer keeps a closed dialog's announcements (labelled by its gone elements) for 7 s. */
async function announcerSettled(page: Page) {
  await expect(page.locator('[role=log] [role=img]')).toHaveCount(0, { timeout: 10_000 });
}

test.describe('Tracks as a conference admin', () => {
  test('creates a track from the Track menu, then edits it (Save only when changed and valid)', async ({ page }) => {
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
    await announcerSettled(page);
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
    await announcerSettled(page);
    await expectNoAxeViolations(page);
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
  });

  test('an advisor with no tracks and no assignments is taken to their profile, with no Track menu', async ({ page }) => {
    await openTracks(page, 'advisor@example.org');
    await expect(page).toHaveURL(/\/users\/[^/]+$/);
    await expect(page.getByRole('button', { name: 'Track' })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Track Templates' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
