import { expect, test, type Page } from '@playwright/test';
import { dismissAnnouncements, expectNoAxeViolations, signIn } from './support';

/** Every run creates its own names, so reruns against the same data never collide. */
const RUN = Date.now().toString(36).slice(-5);

async function openTracks(page: Page, email: string, path = '/tracks') {
  await signIn(page, email, path);
  await dismissAnnouncements(page);
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
    // react-aria's live announcer keeps the closed dialog's announcements (labelled by its gone elements) for 7 s.
    await expect(page.locator('[role=log] [role=img]')).toHaveCount(0, { timeout: 10_000 });
    await expectNoAxeViolations(page);
  });
});

test.describe('Tracks as others', () => {
  test("a superadmin's list starts on the System tracks", async ({ page }) => {
    await openTracks(page, 'superadmin@example.org');
    const templates = page.getByRole('table', { name: 'Track Templates' });
    await expect(templates.getByRole('link', { name: 'Licensing School Pathway' })).toBeVisible();
    await expect(templates.getByRole('link', { name: 'Candidacy Pathway' })).toHaveCount(0);
  });

  test('an advisor sees no Track menu and no Track Templates', async ({ page }) => {
    await openTracks(page, 'advisor@example.org');
    await expect(page.getByRole('heading', { name: 'Participating' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Track' })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Track Templates' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
