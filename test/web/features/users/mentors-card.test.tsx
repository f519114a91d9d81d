import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MENTOR_ALREADY, UNASSIGN_WARNING, type MentorLinkView, type PersonView } from '../../../../shared/schemas/mentors';
import type { UserView } from '../../../../shared/schemas/user';
import { MentorsCard } from '../../../../web/src/features/users/profile/MentorsCard';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, fakeServer, renderPage, type Viewer } from '../admin/admin-harness';

const MENTOR_VIEWER: Viewer = { role: 'Mentor' };
const PARTICIPANT_VIEWER: Viewer = { role: 'Participant' };

const ben = (isMentor = false): UserView => ({
  id: 'u2', firstName: 'Ben', lastName: 'Cole', email: 'ben@example.org', inactive: false, registered: true,
  roles: isMentor ? [{ id: 'role-mentor', name: 'Mentor', system: true }] : [], createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z',
});
const ada: PersonView = { id: 'u3', firstName: 'Ada', lastName: 'Brooks', email: 'ada@example.org' };
const carl: PersonView = { id: 'u4', firstName: 'Carl', lastName: 'Dunn', email: 'carl@example.org' };
const me: PersonView = { id: 'viewer', firstName: 'Vera', lastName: 'Viewer', email: 'vera@example.org' };
const link = (person: PersonView): MentorLinkView => ({ user: person, createdAt: '2024-02-01T00:00:00.000Z' });

const renderCard = (viewer: Viewer, user = ben()) => renderPage('/card', viewer, { path: 'card', element: <MentorsCard user={user} /> });

/** u2's mentor and mentee links, changed by assign and unassign as the server would; `refuse` answers an assignment with that message. */
/** Where u2 is: a district of the conference admin's conference, unless a test moves him elsewhere. */
const KINDS = ['Jurisdiction', 'EpiscopalArea', 'Conference', 'District'];
const IN_BLUE_RIDGE = ['loc-se', 'loc-piedmont', 'loc-blue-ridge', 'loc-district-1'];

function mentorServer({ mentors = [link(carl)], mentees = [] as MentorLinkView[], options = [ada, me], refuse, userChain = IN_BLUE_RIDGE }: { mentors?: MentorLinkView[]; mentees?: MentorLinkView[]; options?: PersonView[]; refuse?: string; userChain?: string[] } = {}) {
  let mentorLinks = mentors;
  let menteeLinks = mentees;
  return fakeServer({
    // As the server answers: every link of the user's location chains, each with its own chain.
    'GET /api/role/hierarchy/User/u2': () => userChain.map((id, at) => ({ entity: KINDS[at], id, ancestorIds: userChain.slice(0, at + 1) })),
    'GET /api/user/permission-hierarchy': () => CONFERENCE_ADMIN.permissions,
    'GET /api/user/u2/mentors': () => mentorLinks,
    'GET /api/user/u2/mentees': () => menteeLinks,
    'POST /api/user/get-mentor-options': (request) => {
      const text = (request.body as { mentorSearch?: string }).mentorSearch ?? '';
      return options.filter((person) => person.firstName.startsWith(text));
    },
    'GET /api/user/people-search': () => [ada],
    'POST /api/user/u2/assign': (request) => {
      if (refuse) return { status: 409, body: { message: refuse } };
      const mentor = options.find((person) => person.id === (request.body as { mentorId: string }).mentorId)!;
      mentorLinks = [...mentorLinks, link(mentor)];
      return { status: 201, body: link(mentor) };
    },
    'POST /api/user/u3/assign': () => {
      menteeLinks = [...menteeLinks, link(ada)];
      return { status: 201, body: link(ben()) };
    },
    'DELETE /api/user/u2/unassign-mentors-from-user': (request) => {
      const ids = (request.body as { mentorIds: string[] }).mentorIds;
      mentorLinks = mentorLinks.filter((one) => !ids.includes(one.user.id));
      return { removed: ids.length };
    },
    'DELETE /api/user/u2/unassign-mentees-from-user': (request) => {
      const ids = (request.body as { menteeIds: string[] }).menteeIds;
      menteeLinks = menteeLinks.filter((one) => !ids.includes(one.user.id));
      return { removed: ids.length };
    },
  });
}

async function openAddMentor(user: ReturnType<typeof userEvent.setup>) {
  const card = await screen.findByRole('region', { name: 'Mentors and Mentees' });
  await within(card).findByRole('list', { name: 'Mentors' });
  await user.click(within(card).getByRole('button', { name: 'Add Mentor' }));
  return screen.findByRole('dialog', { name: 'Add Mentor' });
}

describe('Mentors card', () => {
  it("lists the user's mentors as links to their profiles, with no mentees section for a non-mentor without mentees", async () => {
    mentorServer();
    const { container } = renderCard(CONFERENCE_ADMIN);
    const card = await screen.findByRole('region', { name: 'Mentors and Mentees' });
    const list = await within(card).findByRole('list', { name: 'Mentors' });
    expect(within(list).getByRole('link', { name: 'Carl Dunn' }).getAttribute('href')).toBe('/users/u4');
    expect(within(card).queryByRole('list', { name: 'Mentees' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Add Mentees' })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("says 'No mentors.' and 'No mentees.' for a mentor without links", async () => {
    mentorServer({ mentors: [] });
    renderCard(CONFERENCE_ADMIN, ben(true));
    const card = await screen.findByRole('region', { name: 'Mentors and Mentees' });
    expect(await within(card).findByText('No mentors.')).toBeTruthy();
    expect(await within(card).findByText('No mentees.')).toBeTruthy();
    expect(await within(card).findByRole('button', { name: 'Add Mentees' })).toBeTruthy();
  });

  it('offers no Add Mentees for a mentor outside the conference admin\'s conference (update on User is checked where the user is)', async () => {
    const server = mentorServer({ mentors: [], userChain: ['loc-se', 'loc-other', 'loc-other-district'] });
    renderCard(CONFERENCE_ADMIN, ben(true));
    const card = await screen.findByRole('region', { name: 'Mentors and Mentees' });
    expect(await within(card).findByText('No mentees.')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Add Mentor' })).toBeTruthy();
    await waitFor(() => expect(server.requests.some((request) => request.path === '/api/role/hierarchy/User/u2')).toBe(true));
    // Let the answer render: the decision is made once both hierarchies are in.
    await waitFor(() => expect(server.requests.some((request) => request.path === '/api/user/permission-hierarchy')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(within(card).queryByRole('button', { name: 'Add Mentees' })).toBeNull();
  });

  it('shows why the links could not be loaded', async () => {
    fakeServer({
      'GET /api/user/u2/mentors': () => ({ status: 403, body: { message: 'The mentors could not be read.' } }),
      'GET /api/user/u2/mentees': () => [],
    });
    renderCard(CONFERENCE_ADMIN);
    expect(await screen.findByText('The mentors could not be read.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Mentors' })).toBeNull();
  });

  it('Add Mentor searches only once text is typed, needs a choice, then links the mentor', async () => {
    const user = userEvent.setup();
    const server = mentorServer();
    renderCard(CONFERENCE_ADMIN);
    const dialog = await openAddMentor(user);
    expect(within(dialog).getByText('Choose a mentor for Ben Cole.')).toBeTruthy();
    expect(server.to('/api/user/get-mentor-options')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Add Mentor' }));
    // SPEC.md section 5: the select's rule under the select, the dialog's message above the fields.
    expect((await within(dialog).findByText('No user selected')).closest('.ui-field')).toBe(within(dialog).getByRole('combobox', { name: /Mentor/ }).closest('.ui-field'));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please select a Mentor to continue.');
    expect(server.to('/api/user/u2/assign')).toHaveLength(0);

    await user.type(within(dialog).getByRole('combobox', { name: /Mentor/ }), 'Ad');
    // The search waits for typing to pause: under load it may first ask for 'A', then for 'Ad'.
    await waitFor(() => expect(server.to('/api/user/get-mentor-options').at(-1)?.body).toEqual({ userId: 'u2', mentorSearch: 'Ad' }));
    await user.click(await screen.findByRole('option', { name: /Ada Brooks/ }));
    expect(within(dialog).queryByText('Please select a Mentor to continue.')).toBeNull();
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add Mentor' }));
    expect(await screen.findByText('Ada Brooks is now a mentor.')).toBeTruthy();
    expect(server.to('/api/user/u2/assign', 'POST')[0].body).toEqual({ mentorId: 'u3' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Mentor' })).toBeNull());
    expect(await within(await screen.findByRole('list', { name: 'Mentors' })).findByRole('link', { name: 'Ada Brooks' })).toBeTruthy();
  });

  it('a viewing Mentor may assign themself, but has no Unassign', async () => {
    const user = userEvent.setup();
    const server = mentorServer();
    renderCard(MENTOR_VIEWER);
    const card = await screen.findByRole('region', { name: 'Mentors and Mentees' });
    await within(card).findByRole('link', { name: 'Carl Dunn' });
    expect(within(card).queryByRole('button', { name: /Unassign/ })).toBeNull();
    const dialog = await openAddMentor(user);
    await user.type(within(dialog).getByRole('combobox', { name: /Mentor/ }), 'Ve');
    await user.click(await screen.findByRole('option', { name: /Vera Viewer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Mentor' }));
    expect(await screen.findByText('Vera Viewer is now a mentor.')).toBeTruthy();
    expect(server.to('/api/user/u2/assign', 'POST')[0].body).toEqual({ mentorId: 'viewer' });
  });

  it("shows the server's refusal of an assignment and keeps the dialog open", async () => {
    const user = userEvent.setup();
    mentorServer({ refuse: MENTOR_ALREADY });
    renderCard(MENTOR_VIEWER);
    const dialog = await openAddMentor(user);
    await user.type(within(dialog).getByRole('combobox', { name: /Mentor/ }), 'Ve');
    await user.click(await screen.findByRole('option', { name: /Vera Viewer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Mentor' }));
    expect(await screen.findByText(MENTOR_ALREADY)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add Mentor' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Mentors', hidden: true })).queryByText('Vera Viewer')).toBeNull();
  });

  it('a viewer who may only read sees the links and no buttons', async () => {
    mentorServer({ mentees: [link(ada)] });
    renderCard(MENTOR_VIEWER);
    const card = await screen.findByRole('region', { name: 'Mentors and Mentees' });
    await within(card).findByRole('link', { name: 'Carl Dunn' });
    expect(await within(card).findByRole('link', { name: 'Ada Brooks' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Unassign/ })).toBeNull();
  });

  it("names the mentors of a participant's own profile without links: they cannot open anyone else's profile", async () => {
    mentorServer({ mentees: [link(ada)] });
    renderCard(PARTICIPANT_VIEWER);
    const card = await screen.findByRole('region', { name: 'Mentors and Mentees' });
    expect(await within(card).findByText('Carl Dunn')).toBeTruthy();
    expect(within(card).getByText('Ada Brooks')).toBeTruthy();
    expect(within(card).queryByRole('link')).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('unassigning a mentor warns first, Cancel keeps the link, Unassign ends it', async () => {
    const user = userEvent.setup();
    const server = mentorServer();
    renderCard(CONFERENCE_ADMIN);
    const card = await screen.findByRole('region', { name: 'Mentors and Mentees' });
    await user.click(await within(card).findByRole('button', { name: 'Unassign mentor Carl Dunn' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Unassign Mentor' });
    expect(within(confirm).getByText(UNASSIGN_WARNING)).toBeTruthy();
    expect(within(confirm).getByText(/Carl Dunn will no longer be linked to Ben Cole\./)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.to('/api/user/u2/unassign-mentors-from-user')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Unassign mentor Carl Dunn' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Unassign Mentor' });
    await user.click(within(confirm).getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText('Carl Dunn was unassigned.')).toBeTruthy();
    expect(server.to('/api/user/u2/unassign-mentors-from-user', 'DELETE')[0].body).toEqual({ mentorIds: ['u4'] });
    expect(await within(card).findByText('No mentors.')).toBeTruthy();
  });

  it("Add Mentees searches people less the mentor and their mentees, and unassigning a mentee uses the mentee's call", async () => {
    const user = userEvent.setup();
    const server = mentorServer({ mentors: [], mentees: [link(carl)] });
    renderCard(CONFERENCE_ADMIN, ben(true));
    const card = await screen.findByRole('region', { name: 'Mentors and Mentees' });
    await within(card).findByRole('link', { name: 'Carl Dunn' });
    await user.click(await within(card).findByRole('button', { name: 'Add Mentees' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Mentees' });
    await user.type(within(dialog).getByRole('combobox', { name: /Mentee/ }), 'Ad');
    await user.click(await screen.findByRole('option', { name: /Ada Brooks/ }));
    const search = server.to('/api/user/people-search').at(-1)!.query;
    expect([search.get('text'), search.get('purpose'), search.get('exclude')]).toEqual(['Ad', 'user', 'u2,u4']);
    await user.click(within(dialog).getByRole('button', { name: 'Add Mentee' }));
    expect(await screen.findByText('Ada Brooks is now a mentee.')).toBeTruthy();
    expect(server.to('/api/user/u3/assign', 'POST')[0].body).toEqual({ mentorId: 'u2' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Mentees' })).toBeNull());
    const mentees = within(card).getByRole('list', { name: 'Mentees' });
    expect(await within(mentees).findByRole('link', { name: 'Ada Brooks' })).toBeTruthy();

    await user.click(within(mentees).getByRole('button', { name: 'Unassign mentee Carl Dunn' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Unassign Mentee' });
    expect(within(confirm).getByText(UNASSIGN_WARNING)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText('Carl Dunn was unassigned.')).toBeTruthy();
    expect(server.to('/api/user/u2/unassign-mentees-from-user', 'DELETE')[0].body).toEqual({ menteeIds: ['u4'] });
    await waitFor(() => expect(within(mentees).queryByText('Carl Dunn')).toBeNull());
  });
});
