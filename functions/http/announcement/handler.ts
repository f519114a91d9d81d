import { createServiceHandler, implement } from '../../lib/http/service-handler';
import { announcements } from '../../../shared/api/announcement';
import { currentAnnouncements } from '../../core/announcements/current-announcements';

export const handler = createServiceHandler('announcement', [implement(announcements, async () => currentAnnouncements())]);
