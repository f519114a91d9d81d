import { createServiceHandler } from '../../lib/http/service-handler';
import { announcementApi } from '../../../shared/api/announcement';
import { currentAnnouncements } from '../../core/announcements/current-announcements';
import { announcementPage, createAnnouncement, deleteAnnouncement, readAnnouncement, updateAnnouncement } from '../../core/announcements/announcement-admin';

export const handler = createServiceHandler(announcementApi, {
  announcements: async ({ auth }) => currentAnnouncements(auth),
  create: async ({ auth, body }) => createAnnouncement(auth, body),
  list: async ({ auth, query }) => (await announcementPage(auth, query)).data,
  quickSearch: async ({ auth, query }) => announcementPage(auth, query),
  get: async ({ auth, params }) => readAnnouncement(auth, params.id),
  updateById: async ({ auth, params, body }) => updateAnnouncement(auth, params.id, body),
  removeById: async ({ auth, params, query }) => deleteAnnouncement(auth, params.id, query.version),
});
