import { z } from 'zod';
import { defineContract } from './contract';

export const announcementSchema = z.object({ id: z.string(), message: z.string() });
export type AnnouncementView = z.infer<typeof announcementSchema>;

const announcements = defineContract({
  id: 'announcement.announcements',
  service: 'announcement',
  method: 'GET',
  path: '/api/announcement/announcements',
  summary: 'Current announcements, newest first (at most 20).',
  access: 'session',
  response: z.array(announcementSchema),
});

export const announcementApi = { announcements };
