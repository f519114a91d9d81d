import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ProfilePage from '../../../../web/src/features/users/ProfilePage';
import { CurrentUserContext } from '../../../../web/src/lib/current-user';
import { CONFERENCE_ADMIN, fakeServer, renderPage } from '../admin/admin-harness';

const base = { middleName: undefined, roles: [], createdAt: '2026-03-04T12:00:00.000Z', updatedAt: '2026-03-04T12:00:00.000Z' };
const me = { ...base, id: 'me', firstName: 'Carmen', lastName: 'Delgado', email: 'carmen@example.org', inactive: false, registered: true };
const them = { ...base, id: 'u2', firstName: 'Ben', lastName: 'Cole', email: 'ben@example.org', inactive: false, registered: true };

// The cards' reads go out together as the page opens, not card by card after the user's answer
// (a waterfall of round trips), and each card takes the answer sent for it: one request per read.
describe('the profile page reads', () => {
  it('sends every card read before the user has answered, and each once', async () => {
    let answerUser: (user: typeof them) => void = () => undefined;
    const server = fakeServer({ 'GET /api/user/get-user/u2': () => new Promise((resolve) => (answerUser = resolve)) });
    renderPage('/profile/u2', CONFERENCE_ADMIN, {
      path: 'profile/:id',
      element: (
        <CurrentUserContext.Provider value={me}>
          <ProfilePage />
        </CurrentUserContext.Provider>
      ),
    });
    const cardReads = [
      '/api/user/user-profile-basic-info/u2/true',
      '/api/role/hierarchy/User/u2',
      '/api/user/permission-hierarchy',
      '/api/user/u2/locations-details',
      '/api/church/church-memberships/u2',
      '/api/user/u2/mentors',
      '/api/user/u2/mentees',
      '/api/user/u2/alias',
      '/api/user/u2/tag',
      '/api/user/user-profile-track-instances/u2',
      '/api/user/user-profile-comments/u2',
    ];
    await screen.findByText('Loading profile...');
    await vi.waitFor(() => expect(cardReads.filter((path) => server.to(path).length === 0)).toEqual([]));
    expect(server.to('/api/user/get-user/u2')).toHaveLength(1);

    answerUser(them);
    await screen.findByRole('heading', { name: 'Comments' });
    const paths = server.requests.map((request) => request.path);
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
    expect(paths.sort()).toEqual(['/api/user/get-user/u2', ...cardReads].sort());
  });
});
