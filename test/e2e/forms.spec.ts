import { expect, test, type Page } from './fixtures';
import AxeBuilder from '@axe-core/playwright';
import { dismissAnnouncements, expectNoAxeViolations, signIn } from './support';

/** The version badge in the form's header (the Versions panel lists the same labels in its pickers). */
const versionBadge = (page: Page, label: string) => page.locator('.ui-badge').filter({ hasText: new RegExp(`^${label}$`) });

/** Every run names its own forms, so reruns against the same data never collide. */
const RUN = Date.now().toString(36).slice(-5);
const DISTRICT_ADMIN = 'district.admin@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
/** SPEC.md section 2's palette (the Address shortcut adds a section of five fields). */
const WIDGETS = ['Text', 'Text Area', 'Number', 'Phone', 'Date', 'Time', 'Radio', 'Checkbox', 'Select', 'File', 'List', 'Link Entry', 'Link', 'Paragraph', 'Heading', 'Separator'];

/**
 * axe on one part of the page. After the announcements dialog closes, react-aria's live
 * announcer (outside the page's landmarks) keeps an element labelled by the dialog's removed
 * title (role-img-alt), which is the shell's, not the form page's: reported separately.
 */
async function expectNoAxeViolationsIn(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** One of a field's less frequent actions, by keyboard: its More menu, the item by typeahead, Enter. */
async function moreAction(page: Page, field: string, action: string) {
  await page.getByRole('button', { name: `More actions for ${field}`, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu', { name: `More actions for ${field}` })).toBeVisible();
  await page.keyboard.type(action);
  await expect(page.getByRole('menuitem', { name: action, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toHaveCount(0);
}

async function openForms(page: Page, email: string) {
  await signIn(page, email, '/forms');
  await dismissAnnouncements(page);
  const table = page.getByRole('table', { name: 'Forms', exact: true });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  return table;
}

test('the forms list, Add, the builder by keyboard, versions, preview and the runner', async ({ page }) => {
  const table = await openForms(page, DISTRICT_ADMIN);
  await expect(table.getByRole('columnheader', { name: 'System Form' })).toBeVisible();
  await expect(table.getByRole('row', { name: /Contact Details/ })).toContainText('Yes');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(/\/forms\/[A-Z0-9]+$/);
  await expect(versionBadge(page, 'v1')).toBeVisible();
  await expect(page.getByText('Give your form a meaningful name in order to save it.')).toBeVisible();
  await expect(page.getByText('Drag and drop a widget to start building.')).toBeVisible();
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();

  // Keyboard only: the palette buttons add widgets, each field's bar (and its More menu) moves, resizes and removes it.
  const name = page.getByLabel('Form name');
  await name.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(`Intake ${RUN}`);
  await page.getByRole('button', { name: 'Add Text', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Add Number', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Add Separator', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Move up Number' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Number moved up.')).toBeAttached();
  await moreAction(page, 'Text', 'Wider');
  await expect(page.getByText('Text · span 2', { exact: true })).toBeVisible();
  // The canvas shows the field as the participant will see it.
  await expect(page.getByRole('region', { name: 'Form canvas' }).locator('.forms-builder-preview input')).toHaveCount(2);
  await moreAction(page, 'Separator', 'Remove');
  await expect(page.getByText(/^Separator · span/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit Text' }).click();
  await page.getByRole('region', { name: 'Text properties' }).getByText('Required', { exact: true }).click();
  await expectNoAxeViolationsIn(page, 'main');

  await save.click();
  await expect(versionBadge(page, 'v2')).toBeVisible();
  await page.getByRole('button', { name: 'Add Address', exact: true }).click();
  await save.click();
  await expect(versionBadge(page, 'v3')).toBeVisible();
  await page.getByRole('button', { name: 'Versions' }).click();
  await expect(page.getByRole('list', { name: 'Changes between the versions' })).toContainText('Added: Address, Address One, Address Two, City, State, Zip Code');

  // Preview: the runner with the SPEC messages, Submit only when valid.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: `Intake ${RUN} Form Preview` });
  await expect(preview).toBeVisible();
  const submit = preview.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await preview.getByLabel('Text').fill('x');
  await preview.getByLabel('Text').fill('');
  await expect(preview.getByText('Required', { exact: true }).first()).toBeVisible();
  await preview.getByLabel('Text').fill('Answer');
  await preview.getByLabel('Address One').fill('1 Main St');
  await preview.getByLabel('City').fill('Springfield');
  await preview.getByLabel('State').selectOption('DC');
  await preview.getByLabel('Zip Code').fill('20001');
  await expect(submit).toBeEnabled();
  await expectNoAxeViolationsIn(page, '[role="dialog"]');
});

test('a system form is locked for a conference admin', async ({ page }) => {
  const table = await openForms(page, CONFERENCE_ADMIN);
  await table.getByRole('link', { name: 'Edit Contact Details' }).click();
  await expect(page.getByText('System forms cannot be edited.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Add / })).toHaveCount(0);
});

test('a participant attaches a file to a File field: it uploads with progress, is saved with the answers and downloads', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'participant@example.org', '/form-instance/demo-form-instance-questionnaire');
  await dismissAnnouncements(page);
  const drop = page.getByRole('group', { name: 'Letter of reference: Reference letter' });
  await expect(drop).toBeVisible();
  // Another kind is refused before anything is sent.
  await page.getByLabel('Letter of reference: Reference letter: choose files').setInputFiles({ name: 'song.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('ID3') });
  await expect(page.getByText('Not accepted: song.mp3')).toBeVisible();

  await page.getByLabel('Letter of reference: Reference letter: choose files').setInputFiles({ name: `letter ${RUN}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 reference letter') });
  const stored = page.getByRole('list', { name: 'Letter of reference: Reference letter: files' });
  await expect(stored.getByText(`letter_${RUN}.pdf`)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `Uploaded letter_${RUN}.pdf` })).toBeAttached();

  await page.getByLabel('Full legal name').fill('Priya Raman');
  await page.getByLabel('Describe your call to ministry').fill('A long story.');
  await page.getByText('I confirm the answers above are true').click();
  const birth = page.getByRole('group', { name: /Date of birth/ }).first();
  await birth.getByRole('spinbutton').first().click();
  await page.keyboard.type('04021990');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  // Saved with the answers: after a reload the file is still there, and it downloads.
  await page.reload();
  await dismissAnnouncements(page);
  await expect(stored.getByText(`letter_${RUN}.pdf`)).toBeVisible();
  await expectNoAxeViolationsIn(page, 'main');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download letter_${RUN}.pdf` }).click();
  expect((await download).suggestedFilename()).toBe(`letter_${RUN}.pdf`);
});

test('by keyboard: a Paragraph is written in the rich-text editor, and a field moves into and out of a section', async ({ page }) => {
  test.setTimeout(120_000);
  await openForms(page, DISTRICT_ADMIN);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(versionBadge(page, 'v1')).toBeVisible();
  await page.getByLabel('Form name').fill(`Welcome ${RUN}`);
  await page.getByRole('button', { name: 'Add Address', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Add Paragraph', exact: true }).focus();
  await page.keyboard.press('Enter');

  await moreAction(page, 'Paragraph', 'Into section');
  await expect(page.getByText('Paragraph moved into the section above.')).toBeAttached();
  await moreAction(page, 'Paragraph', 'Out of section');
  await expect(page.getByText('Paragraph moved out of its section.')).toBeAttached();

  await page.getByRole('button', { name: 'Edit Paragraph' }).focus();
  await page.keyboard.press('Enter');
  const properties = page.getByRole('region', { name: 'Paragraph properties' });
  const toolbar = properties.getByRole('toolbar', { name: 'Paragraph formatting' });
  await expect(toolbar).toBeVisible();
  // Tab into the toolbar (one stop), along it with arrows, then on into the text.
  await toolbar.getByRole('button', { name: 'Bold' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: 'Italic' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(properties.getByRole('textbox', { name: 'Paragraph' })).toBeFocused();
  await page.keyboard.type('Welcome ');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('everyone');
  await expect(toolbar.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolationsIn(page, 'main');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(versionBadge(page, 'v2')).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: `Welcome ${RUN} Form Preview` });
  await expect(preview.locator('strong', { hasText: 'everyone' })).toBeVisible();
});

/** A new form, named, on its builder page. */
async function newNamedForm(page: Page, name: string) {
  await openForms(page, DISTRICT_ADMIN);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(versionBadge(page, 'v1')).toBeVisible();
  await page.getByLabel('Form name').fill(name);
}

test('by mouse: every widget dragged onto the canvas, one resized and one removed, saved twice', async ({ page }) => {
  test.setTimeout(120_000);
  await newNamedForm(page, `Dragged ${RUN}`);
  const canvas = page.getByRole('region', { name: 'Form canvas' });
  for (const widget of ['Address', ...WIDGETS]) {
    await page.getByRole('button', { name: `Add ${widget}`, exact: true }).dragTo(canvas, { targetPosition: { x: 20, y: 5 } });
    await expect(page.getByText(`${widget} · span`, { exact: false }).first()).toBeVisible();
  }
  await expect(page.locator('.forms-builder-cell-name')).toHaveCount(WIDGETS.length + 6);
  await page.getByRole('button', { name: 'More actions for Heading' }).click();
  await page.getByRole('menuitem', { name: 'Wider' }).click();
  await expect(page.getByText('Heading · span 2', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'More actions for Separator' }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  await expect(page.getByText(/^Separator · span/)).toHaveCount(0);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.click();
  await expect(versionBadge(page, 'v2')).toBeVisible();
  await page.getByRole('button', { name: 'More actions for Heading' }).click();
  await page.getByRole('menuitem', { name: 'Narrower' }).click();
  await save.click();
  await expect(versionBadge(page, 'v3')).toBeVisible();
  await page.reload();
  await dismissAnnouncements(page);
  await expect(versionBadge(page, 'v3')).toBeVisible();
  await expect(page.locator('.forms-builder-cell-name')).toHaveCount(WIDGETS.length + 5);
});

test('by keyboard only: every widget added from the palette, then saved', async ({ page }) => {
  test.setTimeout(120_000);
  await newNamedForm(page, `Typed ${RUN}`);
  for (const widget of ['Address', ...WIDGETS]) {
    await page.getByRole('button', { name: `Add ${widget}`, exact: true }).focus();
    await page.keyboard.press('Enter');
  }
  await expect(page.locator('.forms-builder-cell-name')).toHaveCount(WIDGETS.length + 6);
  await page.getByRole('button', { name: 'Save', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(versionBadge(page, 'v2')).toBeVisible();
});

test('a participant runs a form: invalid then valid, submits; a conference admin unsubmits it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, 'participant@example.org', '/form-instance/demo-form-instance-questionnaire');
  await dismissAnnouncements(page);
  const submit = page.getByRole('button', { name: 'Submit' });
  const unsubmitted = page.getByRole('button', { name: 'Save' });
  await expect(unsubmitted).toBeVisible();
  const name = page.getByLabel('Full legal name');
  await name.fill('');
  await expect(page.getByText('Required', { exact: true }).first()).toBeVisible();
  await expect(submit).toBeDisabled();
  await name.fill('Priya Raman');
  await page.getByLabel('Describe your call to ministry').fill('A long story.');
  const confirm = page.getByRole('checkbox', { name: /I confirm the answers above are true/ });
  if (!(await confirm.isChecked())) await page.getByText('I confirm the answers above are true').click();
  const birth = page.getByRole('group', { name: /Date of birth/ }).first();
  await birth.getByRole('spinbutton').first().click();
  await page.keyboard.type('04021990');
  await expect(submit).toBeEnabled();
  await expectNoAxeViolationsIn(page, 'main');
  await submit.click();
  await expect(page.getByText(/^Submitted /)).toBeVisible();
  // The participant may not create FormTemplate: no Unsubmit for them.
  await expect(page.getByRole('button', { name: 'Unsubmit' })).toHaveCount(0);

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, CONFERENCE_ADMIN, '/form-instance/demo-form-instance-questionnaire');
  await dismissAnnouncements(admin);
  await expect(admin.getByText(/^Submitted /)).toBeVisible();
  // The locked answers are there to be read: the text's colour, not a disabled field's grey (which failed contrast).
  await expect(admin.getByLabel('Full legal name')).toHaveCSS('color', 'rgb(27, 36, 48)');
  await admin.getByRole('button', { name: 'Unsubmit' }).click();
  await expect(admin.getByText(/^Submitted /)).toHaveCount(0);
  await expect(admin.getByRole('button', { name: 'Submit' })).toBeVisible();
});
