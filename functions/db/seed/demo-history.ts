import type { AuditChange, AuditKind } from '../../../shared/schemas/audit';
import { loadUserAggregate, type UserAggregate } from '../access/user-aggregate';
import { transact } from '../transact';
import { db } from '../service';
import { personRecord } from '../../core/records/audit-records';
import { sealAuditEntry } from '../../core/records/audit-seal';
import { auditActorOf, auditEntryWrite, chainIdOf } from '../../core/records/audit-write';
import { demoUserByRole } from './demo-people';

/**
 * A living History for the demo (issue 25): the changes administrators made to the seeded
 * candidate and mentor in the weeks before the demo's day, written through the app's own
 * auditEntryWrite (one transaction each, as the app writes them) and chained by the stream's
 * own sealer, so a fresh demo shows a sealed history and `npm run check:audit` passes.
 */
const DAY = 86_400_000;

type Change = [by: UserAggregate, about: UserAggregate, action: string, kind: AuditKind<'User'>, changes: AuditChange[]];

async function demoPerson(role: Parameters<typeof demoUserByRole>[0]): Promise<UserAggregate> {
  const found = await loadUserAggregate(demoUserByRole(role).id);
  if (!found) throw new Error(`Seed the demo ${role} before the history`);
  return found;
}

export async function seedDemoHistory(seededAt: string): Promise<void> {
  const [admin, districtAdmin, candidate, mentor] = await Promise.all((['ConferenceAdmin', 'DistrictAdmin', 'Participant', 'Mentor'] as const).map(demoPerson));
  const history: Change[] = [
    [admin, candidate, 'user.location.added', 'locations', [{ field: 'location', after: 'Foothills District (District)' }, { field: 'primary District', after: 'Foothills District' }]],
    [admin, candidate, 'user.role.assigned', 'roles', [{ field: 'role', after: 'Participant' }]],
    [districtAdmin, candidate, 'user.membership.added', 'memberships', [{ field: 'church', after: 'Grace Chapel' }, { field: 'primary', after: 'yes' }]],
    [districtAdmin, candidate, 'user.profile.updated', 'profile', [{ field: 'title', before: 'Ms.', after: 'Rev.' }, { field: 'dateOfBirth', changed: true }]],
    [districtAdmin, candidate, 'user.mentor.assigned', 'mentors', [{ field: 'mentor', after: 'Marcus Bell' }]],
    [admin, mentor, 'user.role.assigned', 'roles', [{ field: 'role', after: 'Mentor' }]],
  ];
  const start = Date.parse(seededAt) - 30 * DAY;
  for (const [index, [by, about, action, kind, changes]] of history.entries()) {
    const actor = auditActorOf({ userId: by.user.userId, sessionId: 'seed', user: by.user });
    await transact([auditEntryWrite({ actor, ...personRecord(about), action, kind, changes, at: new Date(start + index * 4 * DAY) })]);
  }
  for (const person of [candidate, mentor]) {
    const { data } = await db().entities.auditEntry.query.byChain({ chainId: chainIdOf('User', person.user.userId) }).go({ consistent: true, limit: 50 });
    for (const entry of data) await sealAuditEntry(entry, new Date(entry.at));
  }
}
