import { DEMO_LOCATION_IDS } from './demo-organisation';
import { demoUlid } from './demo-ids';
import { DEMO_INSTANCE_IDS } from './demo-tracks';

const ANNOUNCEMENTS = [
  { at: '2025-01-06T15:00:00.000Z', message: 'Welcome to Formation Tracks! Tell us what you think through the feedback link.' },
  { at: '2025-02-03T15:00:00.000Z', message: 'Spring candidacy interviews take place in April. Check your track for your step deadlines.' },
];

export function demoAnnouncementItems() {
  return ANNOUNCEMENTS.map((announcement, index) => ({
    announcementId: demoUlid(announcement.at, index + 1),
    message: announcement.message,
    active: true,
    createdAt: announcement.at,
    updatedAt: announcement.at,
  }));
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
