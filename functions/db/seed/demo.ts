/**
 * The demo organisation for `npm start`, the seed CLI and tests: System root, 2
 * jurisdictions, 2 episcopal areas, 2 conferences, 3 districts, 6 churches; the system
 * roles; one user per role with a local account (password `demo-password`) and a few people
 * who never sign in (deactivated, invited, a duplicate to merge: demo-others.ts);
 * announcements, notifications, a track with phases and steps, a form, and the
 * participant enrolled with an advisor and linked to a mentor.
 *
 * Every demo item has a fixed id and is written with put, so seeding again overwrites
 * rather than duplicates; notifications are added only to an empty inbox. It assumes
 * the table holds demo data only. Names are claimed as the app claims them; directory entries
 * and counts are made by the same projectors the app runs after a write.
 */
import { createLocalAccount } from '../../core/identity/local-accounts';
import { seedDemoHistory } from './demo-history';
import { seedDemoReads } from './demo-reads';
import { seedLabels } from './demo-labels';
import { addNotification } from '../access/notifications';
import { projectLocation } from '../../core/locations/location-projector';
import { nameClaimOf } from '../../core/locations/location-writes';
import { enrolmentClaim } from '../../core/enrolments/enrol-writes';
import { projectUser } from '../../core/users/user-projector';
import { projectEnrolment } from '../../core/enrolments/enrolment-projector';
import { seedDashboards } from './demo-dashboards';
import { claimKey, type NameClaim } from '../claims';
import { db } from '../service';
import { demoLocation, demoLocationItems } from './demo-organisation';
import { ensureSystemRoles, ensureSystemRoot, systemRootPresent } from './system-base';
import { demoPeople, demoUserByRole } from './demo-people';
import { demoAnnouncementItems, participantNotifications, superadminNotifications, type DemoNotification } from './demo-shell';
import { demoSystemTrackItems, demoTrackInstanceItems, demoTrackTemplateItems } from './demo-tracks';
import { demoUserGroupItems } from './demo-groups';
import { demoForms } from './demo-forms';
import { seedOtherPeople } from './demo-others';
import { seedParticipation } from './demo-participation';
import { SYSTEM_ROLES } from '../../../shared/auth/system-roles';

export { DEMO_USERS, DEMO_PASSWORD, DEMO_TOTP_SECRET, type DemoUser } from './demo-people';
export { DEMO_LOCATION_IDS } from './demo-organisation';
export { DEMO_INSTANCE_IDS } from './demo-tracks';

const SEEDED_AT = '2025-01-06T15:00:00.000Z';

/** Batch writes report what DynamoDB did not take; a seed must not silently miss items. */
function expectAllWritten(result: { unprocessed: unknown[] }, what: string): void {
  if (result.unprocessed.length) throw new Error(`Seeding ${what}: ${result.unprocessed.length} items were not written`);
}

async function seedClaims(claims: NameClaim[]): Promise<void> {
  expectAllWritten(await db().entities.claim.put(claims.map((claim) => ({ ...claimKey(claim), ownerId: claim.ownerId }))).go(), 'name claims');
}

async function seedLocations(): Promise<string[]> {
  const locations = demoLocationItems();
  const items = locations.map((location) => ({ ...location, active: true, createdAt: SEEDED_AT }));
  expectAllWritten(await db().entities.location.put(items).go(), 'locations');
  await seedClaims(items.map((item) => nameClaimOf(item)));
  return items.map((item) => item.locationId);
}

async function seedPerson(person: ReturnType<typeof demoPeople>[number], roleId: string): Promise<string> {
  // Bound to the local OpenID provider's subject for this account, which is the user id.
  const user = { userId: person.id, firstName: person.firstName, lastName: person.lastName, email: person.email, cognitoUsername: person.id, createdAt: SEEDED_AT };
  const permissions = person.locations.map((locationId, index) => {
    const location = demoLocation(locationId);
    return {
      userId: person.id,
      permissionId: `${person.id}-permission-${index + 1}`,
      entity: location.kind,
      entityId: location.locationId,
      ancestorIds: location.ancestorIds,
      primary: index === 0,
      createdAt: SEEDED_AT,
    };
  });
  const memberships = person.churches.map((churchId, index) => {
    const church = demoLocation(churchId);
    return {
      userId: person.id,
      membershipId: `${person.id}-membership-${index + 1}`,
      churchId,
      churchName: church.name,
      ancestorIds: church.ancestorIds,
      primary: index === 0,
      constituent: index === 0,
      createdAt: SEEDED_AT,
    };
  });

  const entities = db().entities;
  await Promise.all([
    entities.user.put(user).go(),
    entities.userEmail.put({ email: person.email, userId: person.id, createdAt: SEEDED_AT }).go(),
    entities.userRole.put({ userId: person.id, roleId, roleName: person.role, createdAt: SEEDED_AT }).go(),
    permissions.length && entities.permission.put(permissions).go().then((result) => expectAllWritten(result, 'permissions')),
    memberships.length && entities.churchMembership.put(memberships).go().then((result) => expectAllWritten(result, 'memberships')),
    createLocalAccount({ email: person.email, password: person.password, userId: person.id, totpSecret: person.totpSecret }).catch((error) => {
      if (!/already exists/.test((error as Error).message)) throw error;
    }),
  ]);
  return person.id;
}

async function seedPeople(): Promise<string[]> {
  const roleIdByName = new Map(SYSTEM_ROLES.map((role) => [role.name, role.id]));
  const entries = await Promise.all(
    demoPeople().map((person) => {
      const roleId = roleIdByName.get(person.role);
      if (!roleId) throw new Error(`No system role ${person.role}`);
      return seedPerson(person, roleId);
    }),
  );
  return entries;
}

/** Directory entries and counts, by the projectors (idempotent: seeding again changes nothing). */
async function seedDirectory(locationIds: string[], userIds: string[]): Promise<void> {
  // Independent targets: a location's projection reads its parent's item, not its parent's projection.
  await Promise.all([...locationIds.map((locationId) => projectLocation(locationId)), ...userIds.map((userId) => projectUser(userId))]);
}

async function seedMentorship(): Promise<void> {
  const mentee = demoUserByRole('Participant');
  const mentor = demoUserByRole('Mentor');
  const person = (user: typeof mentee) => ({ firstName: user.firstName, lastName: user.lastName, email: user.email });
  await db().entities.mentorAssignment.put({ userId: mentee.id, mentorId: mentor.id, mentee: person(mentee), mentor: person(mentor), createdAt: SEEDED_AT }).go();
}

async function seedTracksAndForms(): Promise<void> {
  const entities = db().entities;
  const forms = demoForms();
  const template = demoTrackTemplateItems();
  const enrolment = demoTrackInstanceItems();
  const systemTrack = demoSystemTrackItems();
  const groups = demoUserGroupItems();
  const all = (what: string) => (result: { unprocessed: unknown[] }) => expectAllWritten(result, what);
  await Promise.all([
    entities.form.put(forms.map((item) => item.form)).go().then(all('forms')),
    entities.formVersion.put(forms.map((item) => item.formVersion)).go().then(all('form versions')),
    // The table holds demo data only (see above), so the forms counter is the demo's forms.
    entities.formCount.put({ count: forms.length }).go(),
    entities.trackTemplate.put(template.trackTemplate).go(),
    entities.phaseTemplate.put(template.phases).go().then(all('phases')),
    entities.stepTemplate.put(template.steps).go().then(all('steps')),
    entities.stepContentTemplate.put(template.contents).go().then(all('content templates')),
    entities.stepActionTemplate.put(template.actions).go().then(all('action templates')),
    entities.trackTemplate.put(systemTrack.trackTemplate).go(),
    entities.phaseTemplate.put(systemTrack.phases).go().then(all('system track phases')),
    entities.stepTemplate.put(systemTrack.steps).go().then(all('system track steps')),
    entities.stepContentTemplate.put(systemTrack.contents).go().then(all('system track contents')),
    // With its participants-table entries, as enrolment leaves them.
    entities.trackInstance
      .put(enrolment.trackInstance)
      .go()
      .then(() => projectEnrolment(enrolment.trackInstance.trackInstanceId)),
    // The enrolment's claim, as enrolment writes it: the participant cannot be enrolled in the track twice.
    entities.claim.put({ ...enrolmentClaim(enrolment.trackInstance.trackTemplateId, enrolment.trackInstance.participantId), ownerId: enrolment.trackInstance.trackInstanceId, createdAt: SEEDED_AT }).go(),
    entities.trackAssignee.put(enrolment.assignee).go(),
    entities.stepInstance.put(enrolment.steps).go().then(all('step instances')),
    entities.stepContentInstance.put(enrolment.contents).go().then(all('content instances')),
    entities.stepActionInstance.put(enrolment.actions).go().then(all('action instances')),
    entities.formInstance.put(enrolment.formInstance).go(),
    entities.userGroup.put(groups.groups).go().then(all('interview groups')),
    entities.userGroupMember.put(groups.members).go().then(all('interview group members')),
  ]);
}

async function seedInbox(userId: string, notifications: DemoNotification[], now: number): Promise<void> {
  const { data: counter } = await db().entities.notificationCounter.get({ userId }).go({ consistent: true });
  if (counter) return; // already has notifications: seeding again must not duplicate them
  for (const item of notifications) {
    await addNotification(userId, { message: item.message, link: item.link, isRead: item.isRead, createdAt: new Date(now - item.hoursAgo * 3600_000).toISOString() });
  }
}

async function seedShell(): Promise<void> {
  const now = Date.now();
  const participantId = demoUserByRole('Participant').id;
  await Promise.all([
    db().entities.announcement.put(demoAnnouncementItems()).go().then((result) => expectAllWritten(result, 'announcements')),
    seedInbox(participantId, participantNotifications(participantId), now),
    seedInbox(demoUserByRole('Superadmin').id, superadminNotifications(), now),
  ]);
}

/**
 * Writes (or rewrites) the whole demo organisation into the configured table. `living` adds
 * candidates moved along by the app's own functions (demo-participation.ts): `npm start` and
 * `npm run seed` ask for it; the tests' demo leaves it out (they count the plain demo's items),
 * and test/functions/db/demo-participation.test.ts covers it.
 */
export async function seedDemo(options: { living?: boolean } = {}): Promise<void> {
  const [, locationIds, userIds, otherIds] = await Promise.all([
    // The same roles, written the same way, as `npm run bootstrap` gives a production table.
    ensureSystemRoles(SEEDED_AT),
    seedLocations(),
    seedPeople(),
    seedOtherPeople(SEEDED_AT),
    seedMentorship(),
    seedLabels(SEEDED_AT),
    seedTracksAndForms(),
    seedShell(),
  ]);
  await seedDirectory(locationIds, [...userIds, ...otherIds]);
  await seedDemoHistory(SEEDED_AT);
  if (options.living) await seedParticipation(SEEDED_AT);
  // Who has read the candidate's confidential documents (the Access log tab).
  if (options.living) await seedDemoReads(SEEDED_AT);
  // The dashboards count what is there now (the stream is not read while seeding).
  await seedDashboards();
  // Last: its presence is what seedDemoIfEmpty checks, so an interrupted seed runs again.
  await ensureSystemRoot(SEEDED_AT);
}

/** Seeds when the table has no System root yet (written last by seedDemo); true when it seeded. */
export async function seedDemoIfEmpty(options: { living?: boolean } = {}): Promise<boolean> {
  if (await systemRootPresent()) return false;
  await seedDemo(options);
  return true;
}
