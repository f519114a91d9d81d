import type { Api } from '@shared/api';
import type { BodyInput, QueryInput } from '@shared/api/contract';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';

export type AnnouncementPageQuery = QueryInput<Api['announcement']['quickSearch']>;

/** The Announcements table's page route (read with usePagedTable). */
export const announcementPageRoute = routes.announcement.quickSearch;

/** One announcement, read afresh on every open of a dialog (its version is the one the save sends). */
export function useAnnouncement(id: string | null) {
  return useApi(routes.announcement.get, id ? { params: { id } } : null, { revalidateOnFocus: false, dedupingInterval: 0 });
}

/** The conferences the caller works in: the audiences a conference admin may pick. */
export function useMyConferences() {
  return useApi(routes.user.userConferences, { params: { includeSystemTrack: 'false' } }, { revalidateOnFocus: false });
}

export function createAnnouncement(body: BodyInput<Api['announcement']['create']>) {
  return call(routes.announcement.create, { body });
}

export function updateAnnouncement(id: string, body: BodyInput<Api['announcement']['updateById']>) {
  return call(routes.announcement.updateById, { params: { id }, body });
}

export function deleteAnnouncement(id: string, version: number) {
  return call(routes.announcement.removeById, { params: { id }, query: { version } });
}
