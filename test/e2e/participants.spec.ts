import { expect, test } from './fixtures';
import { DEMO_LOCATION_IDS } from '../../functions/db/seed/demo-organisation';
import { addUser, dismissAnnouncements, expectNoAxeViolations, signIn } from './support';

const PARTICIPANTS = '/tracks/demo-track-candidacy/participants';
/** A person of this run's own (in Foothills District, the conference admin's), so no other spec's demo person is touched. */
const LAST_NAME = `Enrol${Date.now().toString(36)}`;
const PERSON = `Jordan ${LAST_NAME}`;

test('a conference admin enrols a participant, changes the status in Manage Participant, then removes the enrolment', async ({ page }) => {
  test.slow(); // enrolment, three dialogs and axe checks on a loaded two-core machine
  await signIn(page, 'conference.admin@example.org', PARTICIPANTS);
  await dismissAnnouncements(page);
  await addUser(page, 'Jordan', LAST_NAME, { districtId: DEMO_LOCATION_IDS.district1 });
  const table = page.getByRole('table', { name: 'Participants' });
  await expect(table.getByRole('link', { name: 'View' }).first()).toBeVisible();

  // Enrol the new person with Abigail Nguyen as advisor.
  await page.getByRole('button', { name: '+ Participant' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add Participant' });
  await add.getByRole('combobox', { name: 'Participant' }).fill('Jordan');
  await page.getByRole('option', { name: new RegExp(PERSON) }).click();
  await add.getByRole('combobox', { name: 'Advisor' }).fill('Abigail');
  await page.getByRole('option', { name: /Abigail Nguyen/ }).click();
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toHaveCount(0);
  const row = table.getByRole('row').filter({ hasText: LAST_NAME });
  await expect(row).toContainText('Open');

  // Manage Participant: the status.
  await row.getByRole('button', { name: `Manage ${PERSON}` }).click();
  const manage = page.getByRole('dialog', { name: /Manage Participant/ });
  const status = manage.getByRole('combobox', { name: 'Status' });
  await expect(status).toHaveValue('Open');
  await expectNoAxeViolations(page, { floatingLayerOpen: true });
  await status.selectOption('Withdrawn');
  await manage.getByRole('button', { name: 'Save' }).click();
  await expect(manage).toHaveCount(0);
  await expect(row).toContainText('Withdrawn');

  // Remove enrolment, from Manage Participant, after its confirmation.
  await row.getByRole('button', { name: `Manage ${PERSON}` }).click();
  await page.getByRole('dialog', { name: /Manage Participant/ }).getByRole('button', { name: 'Remove enrolment' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove enrolment' });
  await expect(confirm).toContainText(`Remove ${PERSON} from Candidacy Pathway?`);
  await expectNoAxeViolations(page, { floatingLayerOpen: true });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${PARTICIPANTS}$`));
  await expect(table.getByRole('row').filter({ hasText: LAST_NAME })).toHaveCount(0);
});
