import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import type { UserView } from '../../../../shared/schemas/user';
import { ADDER_HAS_NO_DISTRICT, ADVISOR_REQUIRED, PARTICIPANT_NEEDS_DISTRICT, PARTICIPANT_REQUIRED, TRACK_REQUIRED } from '../../../../shared/schemas/track-instance';
import { AddParticipantDialog } from '../../../../web/src/features/tracks/participants/AddParticipantDialog';
import { ProfileTracksCard } from '../../../../web/src/features/tracks/assignments/ProfileTracksCard';
import { CurrentUserContext } from '../../../../web/src/lib/current-user';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, fakeServer, renderPage } from '../admin/admin-harness';

const me: UserView = { id: 'me', firstName: 'Dana', lastName: 'Admin', email: 'dana@example.org', inactive: false, registered: true, roles: [], createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z' };
const pat = { id: 'u1', firstName: 'Pat', lastName: 'Lopez', email: 'pat@example.org' };
const abby = { id: 'a1', firstName: 'Abby', lastName: 'Nguyen', email: 'abby@example.org' };
const asMe = (element: ReactNode) => <CurrentUserContext.Provider value={me}>{element}</CurrentUserContext.Provider>;
const emptyKinds = { Jurisdiction: [], EpiscopalArea: [], Conference: [], District: [], Church: [] };
const district = (id: string, name: string) => ({ id: `perm-${id}`, userId: 'me', entity: 'District' as const, entityId: id, name, locationActive: true, active: true, primary: true, denial: false, ancestorIds: [id], version: 1, createdAt: '2024-01-01T00:00:00.000Z' });

const renderDialog = () =>
  renderPage('/tracks/t1/participants/add', CONFERENCE_ADMIN, [
    { path: 'tracks/:id/participants/add', element: asMe(<AddParticipantDialog track={{ id: 't1', name: 'Candidacy Pathway' }} backTo="/tracks/t1" />) },
    { path: 'tracks/:id', element: <p>Track page</p> },
  ]);

async function pick(dialog: HTMLElement, label: RegExp, text: string, option: RegExp) {
  const user = userEvent.setup();
  await user.type(within(dialog).getByRole('combobox', { name: label }), text);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Add Participant', () => {
  it('requires a participant and an advisor, then enrols them in the track and returns to it', async () => {
    const server = fakeServer({
      'GET /api/user/people-search': (request) => (request.query.get('purpose') === 'advisor' ? [abby] : [pat]),
      'POST /api/track/instance': () => ({ status: 201, body: { trackInstanceIds: ['i1'] } }),
    });
    const { container } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add Participant' });
    await expectNoAxeViolations(container);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(PARTICIPANT_REQUIRED)).toBeTruthy();
    expect(within(dialog).getByText(ADVISOR_REQUIRED)).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);

    await pick(dialog, /Participant/, 'Pa', /Pat Lopez/);
    await pick(dialog, /Advisor/, 'Ab', /Abby Nguyen/);
    expect(server.requests.find((r) => r.query.get('purpose') === 'advisor')).toBeTruthy();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/tracks/t1'));
    expect(server.requests.find((r) => r.method === 'POST')!.body).toEqual({ trackId: 't1', participantIds: ['u1'], advisorIds: ['a1'] });
    expect(await screen.findByText('Pat Lopez was enrolled in Candidacy Pathway.')).toBeTruthy();
  });

  it("asks for a location from the adder's districts when the participant has none", async () => {
    const server = fakeServer({
      'GET /api/user/people-search': (request) => (request.query.get('purpose') === 'advisor' ? [abby] : [pat]),
      'GET /api/user/{id}/locations-details': () => ({ ...emptyKinds, District: [district('d1', 'Foothills District')] }),
      'POST /api/track/instance': (request) =>
        (request.body as { locationId?: string }).locationId
          ? { status: 201, body: { trackInstanceIds: ['i1'] } }
          : { status: 400, body: { message: PARTICIPANT_NEEDS_DISTRICT, fieldErrors: { locationId: [PARTICIPANT_NEEDS_DISTRICT] } } },
    });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add Participant' });
    await pick(dialog, /Participant/, 'Pa', /Pat Lopez/);
    await pick(dialog, /Advisor/, 'Ab', /Abby Nguyen/);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(PARTICIPANT_NEEDS_DISTRICT)).toBeTruthy();
    await pick(dialog, /Location/, 'Foot', /Foothills District/);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/tracks/t1'));
    expect(server.requests.filter((r) => r.method === 'POST').at(-1)!.body).toMatchObject({ locationId: 'd1' });
  });

  it('says so when the adder has no district either', async () => {
    fakeServer({
      'GET /api/user/people-search': (request) => (request.query.get('purpose') === 'advisor' ? [abby] : [pat]),
      'GET /api/user/{id}/locations-details': () => emptyKinds,
      'POST /api/track/instance': () => ({ status: 400, body: { message: PARTICIPANT_NEEDS_DISTRICT, fieldErrors: { locationId: [PARTICIPANT_NEEDS_DISTRICT] } } }),
    });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add Participant' });
    await pick(dialog, /Participant/, 'Pa', /Pat Lopez/);
    await pick(dialog, /Advisor/, 'Ab', /Abby Nguyen/);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(ADDER_HAS_NO_DISTRICT)).toBeTruthy();
  });

  it("shows the server's refusal (already enrolled) and stays open", async () => {
    fakeServer({
      'GET /api/user/people-search': (request) => (request.query.get('purpose') === 'advisor' ? [abby] : [pat]),
      'POST /api/track/instance': () => ({ status: 409, body: { message: 'Pat Lopez is already enrolled in Candidacy Pathway.' } }),
    });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add Participant' });
    await pick(dialog, /Participant/, 'Pa', /Pat Lopez/);
    await pick(dialog, /Advisor/, 'Ab', /Abby Nguyen/);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Pat Lopez is already enrolled in Candidacy Pathway.')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/tracks/t1/participants/add');
  });
});

describe("The profile's Tracks", () => {
  const ben: UserView = { ...me, id: 'u2', firstName: 'Ben', lastName: 'Cole', email: 'ben@example.org' };
  const enrolment = (trackInstanceId: string, trackName: string) => ({ trackInstanceId, trackTemplateId: 't1', trackName, status: 'Open', participant: { id: 'u2', firstName: 'Ben', lastName: 'Cole' }, roleName: null });
  const renderCard = (path = '/users/u2/add-track', mayEnrol = true) =>
    // The card stands in for the profile at /users/u2 too (the harness's own stand-in comes after it).
    renderPage(path, CONFERENCE_ADMIN, ['users/:id', 'users/:id/*'].map((route) => ({ path: route, element: asMe(<ProfileTracksCard user={ben} mayEnrol={mayEnrol} />) })));

  it("lists the user's enrolments, each linking to its track instance page; without create TrackInstance there is no Add Track", async () => {
    fakeServer({ 'GET /api/user/user-profile-track-instances/{userId}': () => [enrolment('i1', 'Candidacy Pathway')] });
    const { container } = renderCard('/users/u2', false);
    const list = await screen.findByRole('list', { name: 'Tracks' });
    expect(within(list).getByRole('link', { name: 'Candidacy Pathway' }).getAttribute('href')).toBe('/tracks/t1/assignments/i1');
    expect(within(list).getByText('Open')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Track' })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("asks for a track ('Please select a Track to continue.') and an advisor, then enrols the user and lists the new track", async () => {
    let enrolled = false;
    const server = fakeServer({
      'GET /api/user/user-profile-track-instances/{userId}': () => (enrolled ? [enrolment('i2', 'Candidacy Pathway')] : []),
      'GET /api/user/people-search': () => [abby],
      'GET /api/track/quickSearch': () => ({ data: [{ id: 't1', name: 'Candidacy Pathway', description: 'Path', conference: { id: 'c1', name: 'Blue Ridge' }, disabled: false, originTrackTemplateId: null, instanceCount: 0, copyCount: 0, version: 1, createdAt: '2024-01-01T00:00:00.000Z' }], count: 1 }),
      'POST /api/track/instance': () => {
        enrolled = true;
        return { status: 201, body: { trackInstanceIds: ['i2'] } };
      },
    });
    renderCard();
    expect(await screen.findByText('No tracks.')).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'Add Track' });
    expect(within(dialog).queryByRole('combobox', { name: /Participant/ })).toBeNull();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(TRACK_REQUIRED)).toBeTruthy();
    await pick(dialog, /Track/, 'Can', /Candidacy Pathway/);
    await pick(dialog, /Advisor/, 'Ab', /Abby Nguyen/);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/users/u2'));
    expect(server.requests.find((r) => r.method === 'POST')!.body).toEqual({ trackId: 't1', participantIds: ['u2'], advisorIds: ['a1'] });
    expect(await screen.findByRole('link', { name: 'Candidacy Pathway' })).toBeTruthy();
  });
});
