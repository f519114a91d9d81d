import { expect, test, type Locator, type Page } from './fixtures';
import { dismissAnnouncements, expectNoAxeViolations, signIn, tick } from './support';

/** Every run creates its own track, so reruns against the same data never collide. */
const RUN = Date.now().toString(36).slice(-5);

async function createTrackWithPhase(page: Page) {
  await page.getByRole('button', { name: 'Track' }).click();
  await page.getByRole('menuitem', { name: 'Create New' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Track' });
  await dialog.getByRole('combobox', { name: 'Conference' }).fill('Blue');
  await page.getByRole('option', { name: 'Blue Ridge Conference' }).click();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Step Path ${RUN}`);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('A track to design steps in.');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Step Path ${RUN}` })).toBeVisible();
  await page.getByRole('button', { name: 'Add Phase' }).click();
  const phase = page.getByRole('dialog', { name: 'Create Phase' });
  await phase.getByRole('textbox', { name: 'Name', exact: true }).fill('Preparation');
  await phase.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 3, name: '1. Preparation' })).toBeVisible();
}

async function openNewStep(page: Page): Promise<Locator> {
  await page.getByRole('listitem', { name: '1. Preparation' }).getByRole('button', { name: 'Add Step' }).click();
  await expect(page).toHaveURL(/\/phase\/[0-9A-Z]{26}\/step\/add-step$/);
  // One dialog: the chooser's body becomes the form in place (no dialog closing while another opens).
  const dialog = page.getByRole('dialog', { name: 'Add a step to Preparation' });
  await dialog.getByRole('button', { name: 'Add new step' }).click();
  await expect(page).toHaveURL(/\/step\/new$/);
  const create = page.getByRole('dialog', { name: 'Create step', exact: true });
  await expect(create.getByRole('button', { name: 'Save' })).toBeEnabled();
  return create;
}

async function fillTask(part: Locator, name: string) {
  await part.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await part.getByRole('textbox', { name: 'Task name' }).fill(`${name} task`);
  await part.getByRole('textbox', { name: 'Task description' }).fill('One page.');
}

test('a conference admin adds steps with contents and an approval, and a prerequisite makes the other step a dependent', async ({ page }) => {
  // One user story from sign-in to a dependent step: longer than the suite's 45 s default on a busy machine.
  test.setTimeout(120_000);
  await signIn(page, 'conference.admin@example.org', '/tracks');
  await dismissAnnouncements(page);
  await createTrackWithPhase(page);

  // The first step: SPEC's messages before anything is filled, then a task.
  await page.getByRole('listitem', { name: '1. Preparation' }).getByRole('button', { name: 'Add Step' }).click();
  const chooser = page.getByRole('dialog', { name: 'Add a step to Preparation' });
  await expect(chooser.getByRole('button', { name: 'Import existing step' })).toBeVisible();
  await expectNoAxeViolations(page);
  await chooser.getByRole('button', { name: 'Add new step' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create step', exact: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Not all contents have been completed!')).toBeVisible();
  await expect(dialog.getByText('Name is required.').first()).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).first().fill('Orientation');
  await fillTask(dialog.getByRole('group', { name: 'Content 1' }), 'Read');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const steps = page.getByRole('list', { name: 'Steps of Preparation' });
  await expect(steps.getByRole('link', { name: 'Orientation' })).toBeVisible();

  // The second: a task, an upload, a form and an approval, after Orientation.
  dialog = await openNewStep(page);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).first().fill('Portfolio');
  await tick(dialog.getByRole('checkbox', { name: 'Required' }));
  await fillTask(dialog.getByRole('group', { name: 'Content 1' }), 'Reflect');

  await dialog.getByRole('button', { name: 'Add Content' }).click();
  const upload = dialog.getByRole('group', { name: 'Content 2' });
  await tick(upload.getByRole('radio', { name: 'Upload' }));
  await upload.getByRole('textbox', { name: 'Name', exact: true }).fill('Transcript');
  await upload.getByRole('textbox', { name: 'Upload name' }).fill('Transcript');
  await tick(upload.getByRole('radio', { name: 'Document' }));
  await upload.getByRole('textbox', { name: 'Instructions' }).fill('A PDF of your transcript.');
  await tick(upload.getByRole('checkbox', { name: 'Private' }));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(upload.getByText('Please provide approved roles to private content.')).toBeVisible();
  await tick(upload.getByRole('checkbox', { name: 'Advisor' }));

  await dialog.getByRole('button', { name: 'Add Content' }).click();
  const form = dialog.getByRole('group', { name: 'Content 3' });
  await tick(form.getByRole('radio', { name: 'Form' }));
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Questionnaire');
  // Low in the tall dialog the picker must scroll into view first. react-aria closes an open list when an
  // ancestor of its field scrolls, and fill() would scroll and type in the same frame: the scroll event then
  // arrives just after the list opened and shuts it. A person cannot type within a frame of that scroll.
  const formPicker = form.getByRole('combobox', { name: 'Form' });
  await formPicker.scrollIntoViewIfNeeded();
  await expect(formPicker).toBeInViewport({ ratio: 1 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await formPicker.fill('Candidate');
  await page.getByRole('option', { name: 'Candidate Background Questionnaire' }).click();
  await expect(formPicker).toHaveValue('Candidate Background Questionnaire');

  await dialog.getByRole('button', { name: 'Add Action' }).click();
  const action = dialog.getByRole('group', { name: 'Action 1' });
  await expect(action.getByRole('radio', { name: 'Approval' })).toBeChecked();
  await expect(action.getByRole('combobox', { name: 'Role' })).toHaveValue('Advisor');
  await action.getByRole('textbox', { name: 'Name', exact: true }).fill('Advisor approval');
  await expect(form.getByRole('combobox', { name: 'Completed by' })).toHaveValue('Participant');

  await tick(dialog.getByRole('group', { name: 'Prerequisites' }).getByRole('checkbox', { name: 'Orientation' }));
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(steps.getByRole('link')).toHaveText(['Orientation', 'Portfolio']);

  // Orientation cannot take Portfolio, which depends on it.
  await steps.getByRole('link', { name: 'Orientation' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Step' });
  const dependent = edit.getByRole('group', { name: 'Prerequisites' }).getByRole('checkbox', { name: 'Portfolio (dependent)' });
  await expect(dependent).toBeDisabled();
  await expectNoAxeViolations(page);

  // Portfolio kept its parts.
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await steps.getByRole('link', { name: 'Portfolio' }).click();
  const portfolio = page.getByRole('dialog', { name: 'Edit Step' });
  await expect(portfolio.getByRole('group', { name: 'Content 3' }).getByRole('combobox', { name: 'Form' })).toHaveValue('Candidate Background Questionnaire');
  await expect(portfolio.getByRole('group', { name: 'Content 2' }).getByRole('checkbox', { name: 'Advisor' })).toBeChecked();
  await expect(portfolio.getByRole('group', { name: 'Prerequisites' }).getByRole('checkbox', { name: 'Orientation' })).toBeChecked();
});

test('a conference admin imports a system step: the copy keeps its parts and is locked except its prerequisites', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'conference.admin@example.org', '/tracks');
  await dismissAnnouncements(page);
  await createTrackWithPhase(page);

  await page.getByRole('listitem', { name: '1. Preparation' }).getByRole('button', { name: 'Add Step' }).click();
  await page.getByRole('dialog', { name: 'Add a step to Preparation' }).getByRole('button', { name: 'Import existing step' }).click();
  await expect(page).toHaveURL(/\/step\/import$/);
  const dialog = page.getByRole('dialog', { name: 'Import Existing Step' });
  await dialog.getByRole('button', { name: 'Import Step' }).click();
  await expect(dialog.getByText('Required', { exact: true })).toHaveCount(4);

  const choose = async (label: string, text: string, option: string) => {
    await dialog.getByRole('combobox', { name: label }).fill(text);
    await page.getByRole('option', { name: option }).click();
    await expect(dialog.getByRole('combobox', { name: label })).toHaveValue(option);
  };
  const chooseSystemStep = async () => {
    await choose('Conference', 'Sys', 'System');
    await choose('Track Template', 'Licensing', 'Licensing School Pathway');
    await choose('Phase', 'Found', '1. Foundations');
    await choose('Step', 'Reading', 'Reading reflection');
  };
  await chooseSystemStep();
  // Another conference resets everything after it.
  await choose('Conference', 'Blue', 'Blue Ridge Conference');
  for (const later of ['Track Template', 'Phase', 'Step']) await expect(dialog.getByRole('combobox', { name: later })).toHaveValue('');
  await chooseSystemStep();
  await expectNoAxeViolations(page, { floatingLayerOpen: true });
  await dialog.getByRole('button', { name: 'Import Step' }).click();

  const steps = page.getByRole('list', { name: 'Steps of Preparation' });
  await steps.getByRole('link', { name: 'Reading reflection' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Step' });
  await expect(edit.getByText('This step was imported from another track: only its prerequisites can be changed.')).toBeVisible();
  await expect(edit.getByRole('textbox', { name: 'Name', exact: true }).first()).toBeDisabled();
  await expectNoAxeViolations(page);
});

// Attachments (issue 10): a test block of its own, apart from the Form picker's.
test('a conference admin attaches a file to a step: it uploads with progress, is saved with the step, and downloads after reopening', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'conference.admin@example.org', '/tracks');
  await dismissAnnouncements(page);
  await createTrackWithPhase(page);

  const dialog = await openNewStep(page);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).first().fill('Handouts');
  await fillTask(dialog.getByRole('group', { name: 'Content 1' }), 'Read');
  const choose = dialog.getByLabel('Attachments: choose files');
  // Not a document, image or audio file: refused before anything is sent.
  await choose.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(dialog.getByText('Not accepted: setup.exe')).toBeVisible();
  await choose.setInputFiles({ name: `guide ${RUN}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 step guide') });
  const stored = dialog.getByRole('list', { name: 'Attachments: files' });
  await expect(stored.getByText(`guide_${RUN}.pdf`)).toBeVisible();
  await expect(stored.getByText('19 B')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const steps = page.getByRole('list', { name: 'Steps of Preparation' });
  await expect(steps.getByRole('link', { name: 'Handouts' })).toBeVisible();

  // Reopened: the file is listed with the step and downloads under its name.
  await steps.getByRole('link', { name: 'Handouts' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Step' });
  await expect(edit.getByRole('list', { name: 'Attachments: files' }).getByText(`guide_${RUN}.pdf`)).toBeVisible();
  const download = page.waitForEvent('download');
  await edit.getByRole('button', { name: `Download guide_${RUN}.pdf` }).click();
  expect((await download).suggestedFilename()).toBe(`guide_${RUN}.pdf`);
});
