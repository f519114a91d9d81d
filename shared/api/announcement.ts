import * as z from 'zod';
import { defineContract } from './contract';
import { idSchema } from './id-list';
import { limitSchema, offsetSchema, pageOf } from './list-query';
import { announcementInputSchema, announcementPatchSchema, announcementRecordSchema, CURRENT_ANNOUNCEMENTS_MAX } from '../schemas/announcement';

/** One announcement of the shell's dialog: its title ('' for one from before titles) and its message (the description). */
export const announcementSchema = z.object({ id: z.string(), title: z.string(), message: z.string() });
export type AnnouncementView = z.infer<typeof announcementSchema>;

const base = '/api/announcement';
const byId = z.object({ id: idSchema });
const page = z.object({ limit: limitSchema, offset: offsetSchema });

/**
 * Announcements (SPEC.md sections 2 and 7): the shell's current ones, and the generic set the
 * Announcements tab of /admin uses. Every write is checked on the loaded announcement where
 * its audience is (a conference, or everyone's: superadmins only).
 */
export const announcementApi = {
  announcements: defineContract({
    id: 'announcement.announcements', service: 'announcement', method: 'GET', path: `${base}/announcements`, access: 'session',
    summary: `The announcements live now for everyone and for the caller's conferences, latest start first (at most ${CURRENT_ANNOUNCEMENTS_MAX}).`,
    response: z.array(announcementSchema),
  }),
  create: defineContract({
    id: 'announcement.create', service: 'announcement', method: 'POST', path: base, access: 'session', can: ['create', 'Announcement'], status: 201,
    summary: 'Schedules an announcement for a conference the caller manages, or (superadmin) for everyone.',
    body: announcementInputSchema, response: announcementRecordSchema,
  }),
  list: defineContract({
    id: 'announcement.list', service: 'announcement', method: 'GET', path: base, access: 'session', can: ['update', 'Announcement'],
    summary: 'A page of the announcements the caller manages, latest start first.', query: page, response: z.array(announcementRecordSchema),
  }),
  quickSearch: defineContract({
    id: 'announcement.quickSearch', service: 'announcement', method: 'GET', path: `${base}/quickSearch`, access: 'session', can: ['update', 'Announcement'], rateLimit: 'search',
    summary: 'The Announcements tab: a page of the announcements the caller manages with the count (exact up to the page, plus one while more follow).',
    query: page, response: pageOf(announcementRecordSchema),
  }),
  get: defineContract({
    id: 'announcement.get', service: 'announcement', method: 'GET', path: `${base}/{id}`, access: 'session',
    summary: "One announcement: any state to those who manage it, otherwise only while it is active and the caller's.", params: byId, response: announcementRecordSchema,
  }),
  updateById: defineContract({
    id: 'announcement.updateById', service: 'announcement', method: 'PATCH', path: `${base}/{id}`, access: 'session', can: ['update', 'Announcement'],
    summary: 'Edits an announcement on the version read (stale: 409).', params: byId, body: announcementPatchSchema, response: announcementRecordSchema,
  }),
  removeById: defineContract({
    id: 'announcement.removeById', service: 'announcement', method: 'DELETE', path: `${base}/{id}`, access: 'session', can: ['delete', 'Announcement'], status: 204,
    summary: 'Deletes an announcement (on the version given, if any: stale is 409).',
    params: byId, query: z.object({ version: z.coerce.number({ error: 'version must be a number' }).int().min(1).optional() }), response: z.null(),
  }),
};
