import type { Subject } from './vocabulary';

/**
 * Which subjects are scoped to locations, and how.
 *
 * A scoped entity exposes `ancestorIds`: the id of the location it belongs to and the ids
 * of that location's ancestors (outermost first). A location includes itself; a district's
 * church membership or a conference's track template carry their location's chain; a user
 * carries the union of the chains of their active location permissions; a track instance
 * carries the chain of the location it was enrolled under. Conference-less (system)
 * entities carry `[SYSTEM_SCOPE_ID]`.
 *
 * Unscoped subjects are global: Role (one role list for everyone), FormTemplate (forms
 * have no conference, SPEC.md section 3) and Notification (always the user's own, see
 * rules.ts). An Announcement is scoped by its audience (a conference's chain, or the
 * system scope for everyone's) for those who manage it; who is shown one is decided by
 * its audience (functions/core/announcements/announcement-scope.ts), not by a read policy.
 */
export const SCOPED_SUBJECTS = [
  'Permission',
  'Jurisdiction',
  'EpiscopalArea',
  'Conference',
  'District',
  'Church',
  'ChurchMembership',
  'User',
  'Comment',
  'TrackTemplate',
  'Phase',
  'Step',
  'TrackInstance',
  'TrackAssignment',
  'MentorAssignment',
  'UserGroup',
  'Announcement',
] as const satisfies readonly Subject[];
export type ScopedSubject = (typeof SCOPED_SUBJECTS)[number];

/** The scope id of entities with no conference: system tracks and unassigned interview groups. */
export const SYSTEM_SCOPE_ID = 'system';

/**
 * Subjects whose conference-less (system) instances anyone with a read policy may read:
 * system tracks are the source for copies and imports, and interview groups without a
 * conference are visible to all (SPEC.md section 6). Writing them stays superadmin-only,
 * because no permission ever names the system scope.
 */
export const SYSTEM_READABLE_SUBJECTS = ['TrackTemplate', 'Phase', 'Step', 'UserGroup'] as const satisfies readonly ScopedSubject[];

/** What a scoped instance must expose for an ability check. */
export interface ScopedEntity {
  ancestorIds: string[];
}

export function isScopedSubject(subject: Subject): subject is ScopedSubject {
  return (SCOPED_SUBJECTS as readonly Subject[]).includes(subject);
}

export function isSystemReadable(subject: Subject): boolean {
  return (SYSTEM_READABLE_SUBJECTS as readonly Subject[]).includes(subject);
}
