import { expect, test } from './fixtures';
import { dismissAnnouncements, expectNoAxeViolations, signIn } from './support';

/** Every run creates its own names, so reruns against the same data never collide. */
const RUN = Date.now().toString(36).slice(-5);

test('a conference admin adds, manages and deletes an interview group on the Interviewer Groups tab', async ({ page }) => {
  test.slow(); // one story with three axe checks on a loaded two-core machine
  await signIn(page, 'conference.admin@example.org', '/tracks/demo-track-candidacy/interviewers');
  await dismissAnnouncements(page);
  const cards = page.getByRole('list', { name: 'Interview groups' });
  await expect(cards.getByRole('listitem', { name: 'Candidacy Interview Panel' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: '+ Group' }).click();
  await expect(page).toHaveURL(/\/interviewers\/add$/);
  const dialog = page.getByRole('dialog', { name: 'Add Interview Group' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(`Panel ${RUN}`);
  await expect(dialog.getByRole('button', { name: 'Add Interviewer' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Interviewer 1' }).fill('Irene');
  await page.getByRole('option', { name: /Irene Kowalski/ }).click();
  await expect(dialog.getByRole('button', { name: 'Add Interviewer' })).toBeEnabled();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/interviewers$/);
  const card = cards.getByRole('listitem', { name: `Panel ${RUN}` });
  await expect(card.getByRole('link', { name: 'Irene Kowalski' })).toBeVisible();

  await card.getByRole('button', { name: `Edit Panel ${RUN}` }).click();
  const manage = page.getByRole('dialog', { name: 'Manage Interview Group' });
  await manage.getByRole('textbox', { name: 'Name' }).fill(`Renamed ${RUN}`);
  await manage.getByRole('button', { name: 'Save' }).click();
  const renamed = cards.getByRole('listitem', { name: `Renamed ${RUN}` });
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: `Delete Renamed ${RUN}` }).click();
  const question = page.getByRole('alertdialog', { name: 'Delete Group' });
  await expect(question.getByText(`Are you sure you want to delete the Renamed ${RUN} group? This action cannot be undone.`)).toBeVisible();
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(renamed).toHaveCount(0);
  await expectNoAxeViolations(page);
});
