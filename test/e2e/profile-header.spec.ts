import { expect, test } from './fixtures';
import { dismissAnnouncements, expectNoAxeViolations, signIn } from './support';

const RUN = Date.now().toString(36);

/** Issue 24, item 5: a profile is headed by its person; removing is quiet, named and asked; deleting a tag for everyone is apart. */
test("a superadmin reads whose profile it is, removes a tag by keyboard with focus kept in the card, and deletes a tag for everyone only through its own dialog", async ({ page }) => {
  test.slow(); // four dialogs, three writes and three axe checks on a loaded two-core machine
  await signIn(page, 'superadmin@example.org', '/users/demo-participant');
  await dismissAnnouncements(page);
  const heading = page.getByRole('heading', { level: 1, name: 'Priya Raman' });
  await expect(heading).toBeVisible();
  const header = page.locator('.profile-header');
  await expect(header.getByText('Active', { exact: true })).toBeVisible();
  await expect(header).toContainText('Primary location: Foothills District');
  await expect(page).toHaveTitle(/(^|\) )Priya Raman · Formation Tracks$/);

  // Two tags of this run on Priya.
  const tags = page.getByRole('region', { name: 'Tags' });
  const list = tags.getByRole('list', { name: 'Tags', exact: true });
  for (const name of [`Keep ${RUN}`, `Drop ${RUN}`]) {
    await tags.getByRole('textbox', { name: 'Tag' }).fill(name);
    await tags.getByRole('button', { name: 'Add Tag' }).click();
    await expect(list).toContainText(name);
  }
  await expectNoAxeViolations(page);

  // Remove by keyboard: asked first (focus on Cancel), then focus moves to the next Remove, not to the top of the page.
  const drop = tags.getByRole('button', { name: `Remove tag Drop ${RUN}` });
  await drop.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Remove Tag' });
  await expect(confirm).toContainText(`Remove the tag Drop ${RUN} from Priya Raman? Everyone else who carries it keeps it.`);
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(list).not.toContainText(`Drop ${RUN}`);
  await expect(tags.locator(':focus')).toHaveCount(1);
  await expect(tags.locator(':focus')).toHaveAttribute('aria-label', /^Remove tag /);

  // Beside a tag there is nothing that reaches everyone; Delete Tag for Everyone says what it does and asks which tag.
  await expect(tags.getByRole('button', { name: new RegExp(`Delete .*Keep ${RUN}`) })).toHaveCount(0);
  await tags.getByRole('button', { name: 'Delete Tag for Everyone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Tag for Everyone' });
  await expect(dialog).toContainText('taken off every person who carries it, not only Priya Raman. This cannot be undone.');
  await expectNoAxeViolations(page);
  await dialog.getByRole('combobox', { name: /Tag to delete/ }).fill(`Keep ${RUN}`);
  await page.getByRole('option', { name: `Keep ${RUN}` }).click();
  await dialog.getByRole('button', { name: 'Delete for Everyone' }).click();
  await expect(dialog).toBeHidden();
  await expect(list.or(tags.getByText('No tags.'))).not.toContainText(`Keep ${RUN}`);
});
