import { DEMO_LOCATION_IDS } from '../../functions/db/seed/demo-organisation';
import { expect, test, type Page } from './fixtures';
import { addUser, dismissAnnouncements, expectNoAxeViolations, signedIn } from './support';

/**
 * The registrar's dashboard (issue 27), as Blue Ridge's conference admin uses it: from the top
 * navigation, the conference's figures, then one district chosen by keyboard; a candidate enrolled
 * meanwhile shows in the figures once the runtime's stream has counted them (the projector, as in
 * AWS). A candidate of this file's own, so the demo's people stay as the other files expect them.
 */

/** The Candidacy Pathway's open enrolments as the page shows them (its line under the track's name). */
async function openInCandidacy(page: Page): Promise<number> {
  const line = page.getByRole('heading', { name: 'Candidacy Pathway' }).locator('xpath=following-sibling::p[1]');
  return Number((await line.textContent())?.match(/^(\d+) open/)?.[1] ?? Number.NaN);
}

test('a conference admin reads the dashboard, narrows it to a district by keyboard, and sees an enrolment counted', async ({ browser }) => {
  const page = await signedIn(browser, 'conference.admin@example.org', '/tracks');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('combobox', { name: 'Place' })).toHaveValue('Blue Ridge Conference');
  await expect(page.getByRole('heading', { name: 'Where candidates are' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Candidacy Pathway: open enrolments by current phase' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Steps by status' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Enrolments per month, the last 12 months' })).toBeVisible();
  // Who is stuck: Grace's interview step waits on the district committee's vote.
  const stuck = page.getByRole('table', { name: /steps? waiting longest, oldest first$/ });
  await expect(stuck.getByRole('row').filter({ hasText: 'District Committee on Ordained Ministry (committee)' }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Foothills District, chosen with the keyboard alone.
  const district = page.getByRole('combobox', { name: 'District' });
  await district.fill('Foot');
  await expect(page.getByRole('option', { name: /Foothills District/ })).toBeVisible();
  await district.press('ArrowDown');
  await district.press('Enter');
  await expect(district).toHaveValue('Foothills District');
  await expect(page.getByRole('heading', { name: 'Candidacy Pathway' })).toBeVisible();
  const before = await openInCandidacy(page);
  expect(before).toBeGreaterThan(0);

  // A new candidate in Foothills, enrolled through the app's API; the stream counts them.
  const candidateId = await addUser(page, 'Dora', 'Dashboard', { districtId: DEMO_LOCATION_IDS.district1 });
  await page.evaluate(async (participantId) => {
    const res = await fetch('/api/track/instance', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ trackId: 'demo-track-candidacy', participantIds: [participantId], advisorIds: ['demo-advisor'] }) });
    if (!res.ok) throw new Error(`enrol: ${res.status} ${await res.text()}`);
  }, candidateId);
  await expect(async () => {
    await page.reload();
    await dismissAnnouncements(page);
    const picker = page.getByRole('combobox', { name: 'District' });
    await picker.fill('Foot');
    await picker.press('ArrowDown');
    await picker.press('Enter');
    await expect(page.getByRole('heading', { name: 'Candidacy Pathway' })).toBeVisible({ timeout: 2_000 });
    expect(await openInCandidacy(page)).toBeGreaterThan(before);
  }).toPass({ timeout: 30_000 });

  // A track's count opens its participants table filtered to that status.
  await page.getByRole('link', { name: /^\d+ open$/ }).first().click();
  await expect(page).toHaveURL(/\/tracks\/demo-track-candidacy\/participants\?status=Open$/);
  await expect(page.getByText('Showing Open enrolments.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Participants' }).getByRole('cell', { name: 'Open' }).first()).toBeVisible();
  await page.close();
});

test('a district admin opens the list behind a waiting figure, narrows it by keyboard, and comes back to the dashboard', async ({ browser }) => {
  const page = await signedIn(browser, 'district.admin@example.org', '/dashboard');
  await expect(page.getByRole('heading', { name: 'Who is stuck' })).toBeVisible();
  const stuck = page.getByRole('table', { name: /steps? waiting longest, oldest first$/ });
  const firstStep = await stuck.getByRole('row').nth(1).getByRole('link').nth(1).textContent();
  await page.getByRole('link', { name: 'All waiting steps, with filters' }).click();
  await expect(page).toHaveURL(/\/dashboard\/[^/]+\/waiting$/);
  await expect(page.getByRole('heading', { name: /^Waiting steps in / })).toBeVisible();
  const list = page.getByRole('table', { name: 'All waiting steps, longest waiting first' });
  // The dashboard's Who is stuck is this list's first page.
  await expect(list.getByRole('row').nth(1).getByRole('link').nth(1)).toHaveText(firstStep!);
  await expectNoAxeViolations(page);

  // Narrowed to Ready steps with the keyboard: the URL keeps the filter, so the list can be shared.
  await page.getByRole('combobox', { name: 'Status' }).focus();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('Ready');
  await expect(page).toHaveURL(/\/waiting\?status=Ready$/);
  const ready = page.getByRole('table', { name: 'Ready, longest waiting first' });
  const statuses = ready.getByRole('row').filter({ hasNot: page.getByRole('columnheader') }).locator('td:nth-child(3)');
  await expect(statuses.first()).toHaveText('Ready');
  expect(new Set(await statuses.allTextContents())).toEqual(new Set(['Ready']));

  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Who is stuck' })).toBeVisible();
  await page.close();
});

test('a conference admin opens the enrolments behind a phase figure, then every open one, then another status', async ({ browser }) => {
  const page = await signedIn(browser, 'conference.admin@example.org', '/dashboard');
  const phases = page.getByRole('table', { name: 'Candidacy Pathway: open enrolments by current phase' });
  const phaseFigure = phases.getByRole('link').first();
  const counted = Number(await phaseFigure.textContent());
  expect(counted).toBeGreaterThan(0);
  await phaseFigure.click();
  await expect(page).toHaveURL(/\/dashboard\/[^/]+\/enrolments\?track=demo-track-candidacy&phase=/);
  await expect(page.getByRole('heading', { name: 'Enrolments in Blue Ridge Conference' })).toBeVisible();
  // Exactly the enrolments the figure counts (a page holds 25).
  const inPhase = page.getByRole('table', { name: /^Open enrolments in Candidacy Pathway, .+, oldest enrolment first$/ });
  await expect(inPhase.getByRole('row')).toHaveCount(Math.min(counted, 25) + 1);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Show every open enrolment' }).click();
  await expect(page).toHaveURL(/\/enrolments\?status=Open$/);
  await expect(page.getByRole('table', { name: 'Open enrolments, oldest enrolment first' }).getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('Completed');
  await expect(page).toHaveURL(/\/enrolments\?status=Completed$/);
  const completed = page.getByRole('table', { name: 'Completed enrolments, longest ago first' }).or(page.getByText('No enrolment matches: nobody here is enrolled as chosen.'));
  await expect(completed).toBeVisible();

  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Where candidates are' })).toBeVisible();
  await page.close();
});
