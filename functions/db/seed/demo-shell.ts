import { endsKeyOf } from '../access/announcements';
import { SYSTEM_LOCATION_ID } from '../entities/location';
import { DEMO_LOCATION_IDS } from './demo-organisation';
import { demoUlid } from './demo-ids';
import { DEMO_INSTANCE_IDS } from './demo-tracks';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One live for everyone, one live for Blue Ridge Conference's people, one ended and one
 * scheduled (a month after seeding: re-seeding moves it on, so it stays in the future).
 */
const ANNOUNCEMENTS: ReadonlyArray<{ at: string; title: string; message: string; conferenceId?: string; endsAt?: string; startsIn?: number }> = [
  { at: '2025-01-06T15:00:00.000Z', title: 'Welcome', message: 'Welcome to Formation Tracks! Tell us what you think through the feedback link.' },
  {
    at: '2025-02-03T15:00:00.000Z',
    title: 'Spring candidacy interviews',
    message: 'Spring candidacy interviews take place in April. Check your track for your step deadlines.',
    conferenceId: DEMO_LOCATION_IDS.conference1,
  },
  { at: '2025-01-02T15:00:00.000Z', title: 'Holiday closing', message: 'The office is closed for the holidays until January 5.', endsAt: '2025-01-05T15:00:00.000Z' },
  { at: '2025-03-03T15:00:00.000Z', title: 'Summer retreat', message: 'Summer retreat registration opens soon.', startsIn: 30 * DAY_MS },
];

export function demoAnnouncementItems(now = Date.now()) {
  return ANNOUNCEMENTS.map((announcement, index) => {
    const endsAt = announcement.endsAt;
    return {
      announcementId: demoUlid(announcement.at, index + 1),
      title: announcement.title,
      message: announcement.message,
      conferenceId: announcement.conferenceId ?? SYSTEM_LOCATION_ID,
      startsAt: announcement.startsIn ? new Date(now + announcement.startsIn).toISOString() : announcement.at,
      ...(endsAt ? { endsAt } : {}),
      endsKey: endsKeyOf(endsAt),
      createdAt: announcement.at,
      updatedAt: announcement.at,
    };
  });
}

export interface DemoNotification {
  message: string;
  link?: string;
  isRead: boolean;
  /** How long before seeding it arrived. */
  hoursAgo: number;
}

/** Oldest first: 7 for the participant (3 read, 4 unread). */
export function participantNotifications(participantId: string): DemoNotification[] {
  return [
    { message: 'Welcome to Formation Tracks! Your profile is ready.', link: `/users/${participantId}`, isRead: true, hoursAgo: 72 },
    { message: 'You were enrolled in the Candidacy Pathway track.', link: `/tracks/${DEMO_INSTANCE_IDS.trackTemplate}/assignments/${DEMO_INSTANCE_IDS.trackInstance}`, isRead: true, hoursAgo: 70 },
    { message: 'Abigail Nguyen is now your advisor.', link: `/users/${participantId}`, isRead: true, hoursAgo: 69 },
    { message: 'The step "Share your call story" is ready for you.', link: `/step/${DEMO_INSTANCE_IDS.callStoryStep}`, isRead: false, hoursAgo: 48 },
    { message: 'Marcus Bell is now your mentor.', link: `/users/${participantId}`, isRead: false, hoursAgo: 30 },
    { message: 'Please upload your transcript to continue the Discernment phase.', link: `/step/${DEMO_INSTANCE_IDS.transcriptStep}`, isRead: false, hoursAgo: 5 },
    { message: 'Your advisor left a comment on your call story.', link: `/step/${DEMO_INSTANCE_IDS.callStoryStep}`, isRead: false, hoursAgo: 1 },
  ];
}

/** Oldest first: 3 for the superadmin (1 read). */
export function superadminNotifications(): DemoNotification[] {
  return [
    { message: 'Role policies were updated for District Admin.', link: '/admin/roles', isRead: true, hoursAgo: 96 },
    { message: 'A participant was enrolled in the Candidacy Pathway track.', link: `/tracks/${DEMO_INSTANCE_IDS.trackTemplate}/participants`, isRead: false, hoursAgo: 70 },
    { message: 'Two churches were added to Lakeside District.', link: `/admin/churches?district=${DEMO_LOCATION_IDS.district2}`, isRead: false, hoursAgo: 20 },
  ];
}
