import { expect, test } from '@playwright/test';
import { dismissAnnouncements, expectNoAxeViolations, signIn } from './support';

const PARTICIPANTS = '/tracks/demo-track-candidacy/participants';

test('a conference admin enrols a participant, changes the status in Manage Participant, then removes the enrolment', async ({ page }) => {
  test.slow(); // enrolment, three dialogs and axe checks on a loaded two-core machine
  await signIn(page, 'conference.admin@example.org', PARTICIPANTS);
  await dismissAnnouncements(page);
  const table = page.getByRole('table', { name: 'Participants' });
  await expect(table.getByRole('link', { name: 'View' }).first()).toBeVisible();

  // Enrol Marcus Bell with Abigail Nguyen as advisor.
  await page.getByRole('button', { name: '+ Participant' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add Participant' });
  await add.getByRole('combobox', { name: 'Participant' }).fill('Marcus');
  await page.getByRole('option', { name: /Marcus Bell/ }).click();
  await add.getByRole('combobox', { name: 'Advisor' }).fill('Abigail');
  await page.getByRole('option', { name: /Abigail Nguyen/ }).click();
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toHaveCount(0);
  const row = table.getByRole('row').filter({ hasText: 'Marcus' });
  await expect(row).toContainText('Open');

  // Manage Participant: the status.
  await row.getByRole('button', { name: 'Manage Marcus Bell' }).click();
  const manage = page.getByRole('dialog', { name: /Manage Participant/ });
  const status = manage.getByRole('combobox', { name: 'Status' });
  await expect(status).toHaveValue('Open');
  await expectNoAxeViolations(page, { floatingLayerOpen: true });
  await status.selectOption('Withdrawn');
  await manage.getByRole('button', { name: 'Save' }).click();
  await expect(manage).toHaveCount(0);
  await expect(row).toContainText('Withdrawn');

  // Remove enrolment, from Manage Participant, after its confirmation.
  await row.getByRole('button', { name: 'Manage Marcus Bell' }).click();
  await page.getByRole('dialog', { name: /Manage Participant/ }).getByRole('button', { name: 'Remove enrolment' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove enrolment' });
  await expect(confirm).toContainText('Remove Marcus Bell from Candidacy Pathway?');
  await expectNoAxeViolations(page, { floatingLayerOpen: true });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${PARTICIPANTS}$`));
  await expect(table.getByRole('row').filter({ hasText: 'Marcus' })).toHaveCount(0);
});
