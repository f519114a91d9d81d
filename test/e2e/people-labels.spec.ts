import { expect, test } from './fixtures';
import { dismissAnnouncements, expectNoAxeViolations, signIn, tick } from './support';

const RUN = Date.now().toString(36);

test("a conference admin adds and removes a tag, an alias, a comment and a mentor on Abigail's profile", async ({ page }) => {
  await signIn(page, 'conference.admin@example.org', '/users/demo-advisor');
  await dismissAnnouncements(page);
  const tags = page.getByRole('region', { name: 'Tags' });
  await expect(tags.getByRole('list', { name: 'Tags', exact: true })).toContainText('Spanish Speaker');
  await expectNoAxeViolations(page);

  // Tag: Add Tag only when valid and typed.
  const tagName = `E2E ${RUN}`;
  await expect(tags.getByRole('button', { name: 'Add Tag' })).toBeDisabled();
  await tags.getByRole('textbox', { name: 'Tag' }).fill('x'.repeat(31));
  await expect(tags.getByRole('button', { name: 'Add Tag' })).toBeDisabled();
  await tags.getByRole('textbox', { name: 'Tag' }).fill(tagName);
  await tags.getByRole('button', { name: 'Add Tag' }).click();
  await expect(tags.getByRole('list', { name: 'Tags', exact: true })).toContainText(tagName);
  await tags.getByRole('button', { name: `Remove tag ${tagName}` }).click();
  await page.getByRole('alertdialog', { name: 'Remove Tag' }).getByRole('button', { name: 'Remove' }).click();
  await expect(tags.getByRole('list', { name: 'Tags', exact: true })).not.toContainText(tagName);

  // Alias.
  const aliases = page.getByRole('region', { name: 'Aliases' });
  await aliases.getByRole('textbox', { name: 'Alias' }).fill(`Abby ${RUN}`);
  await aliases.getByRole('button', { name: 'Add Alias' }).click();
  await expect(aliases.getByRole('list', { name: 'Aliases', exact: true })).toContainText(`Abby ${RUN}`);
  await aliases.getByRole('button', { name: `Remove alias Abby ${RUN}` }).click();
  await page.getByRole('alertdialog', { name: 'Remove Alias' }).getByRole('button', { name: 'Remove' }).click();
  await expect(aliases.getByText('No aliases.')).toBeVisible();

  // Comment: a blank row says what is missing.
  const comments = page.getByRole('region', { name: 'Comments' });
  await comments.getByRole('button', { name: '+ Add Comment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Comments for User' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Field must be filled out.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Comment' }).fill(`Thoughtful feedback ${RUN}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = comments.getByRole('row', { name: new RegExp(`Thoughtful feedback ${RUN}`) });
  await expect(row).toContainText('Carmen Delgado');
  await tick(row.getByRole('checkbox'));
  await comments.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toBeHidden();

  // Mentor: Marcus Bell (Mentor) for Abigail, then unassigned with the warning.
  const mentors = page.getByRole('region', { name: 'Mentors and Mentees' });
  await mentors.getByRole('button', { name: 'Add Mentor' }).click();
  const add = page.getByRole('dialog', { name: 'Add Mentor' });
  await add.getByRole('combobox', { name: 'Mentor' }).fill('Marcus');
  await page.getByRole('option', { name: /Marcus Bell/ }).click();
  await add.getByRole('button', { name: 'Add Mentor' }).click();
  await expect(mentors.getByRole('list', { name: 'Mentors', exact: true })).toContainText('Marcus Bell');
  await expect(add).toBeHidden();
  await expectNoAxeViolations(page);
  await mentors.getByRole('button', { name: 'Unassign mentor Marcus Bell' }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Unassign Mentor' }));
  await expect(confirm).toContainText('This action will unassign mentors and/or mentees from this user!');
  await confirm.getByRole('button', { name: 'Unassign' }).click();
  await expect(mentors.getByText('No mentors.')).toBeVisible();
});
