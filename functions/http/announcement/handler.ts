import { createServiceHandler } from '../../lib/http/service-handler';
import { announcementApi } from '../../../shared/api/announcement';
import { currentAnnouncements } from '../../core/announcements/current-announcements';

export const handler = createServiceHandler(announcementApi, { announcements: async () => currentAnnouncements() });
