import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { seedDemo } from '../../support/demo-table';
import { db } from '../../../functions/db/service';
import { loadUserAggregate } from '../../../functions/db/access/user-aggregate';
import { takeRoleFromUser } from '../../../functions/core/roles/role-removal';
import { requireRole } from '../../../functions/db/access/role-store';

/** More mentees than one DynamoDB transaction can hold, so the removal must chunk. */
const MENTEES = 130;

beforeAll(async () => {
  await seedDemo();
  const mentor = { firstName: 'Marcus', lastName: 'Bell', email: 'mentor@example.org' };
  const mentorships = Array.from({ length: MENTEES }, (_, i) => ({
    userId: `mentee-${String(i).padStart(3, '0')}`,
    mentorId: 'demo-mentor',
    mentee: { firstName: 'Mentee', lastName: String(i), email: `mentee-${i}@example.org` },
    mentor,
  }));
  await db().entities.mentorAssignment.put(mentorships).go();
});

describe('takeRoleFromUser', () => {
  it(`ends all ${MENTEES + 1} mentorships of a mentor across several transactions, the role and counts last`, async () => {
    const countKey = { scopeId: DEMO_LOCATION_IDS.district1, list: 'users:role-mentor' };
    expect((await db().entities.directoryCount.get(countKey).go()).data?.count).toBe(1);
    const target = (await loadUserAggregate('demo-mentor'))!;

    const result = await takeRoleFromUser(target, await requireRole('role-mentor'), 'demo-superadmin');

    expect(result).toEqual({ menteesRemoved: MENTEES + 1, advisorAssignmentsRemoved: 0 });
    const { data: left } = await db().entities.mentorAssignment.query.byMentor({ mentorId: 'demo-mentor' }).go({ pages: 'all' });
    expect(left).toHaveLength(0);
    expect((await db().entities.userRole.get({ userId: 'demo-mentor', roleId: 'role-mentor' }).go()).data).toBeNull();
    expect((await db().entities.directoryCount.get(countKey).go()).data?.count).toBe(0);
    // Each ended link's mentee is told in the link's own transaction; the mentor once, of the role.
    const { data: pending } = await db().entities.outbox.query.byStatus({ status: 'pending' }).go({ pages: 'all' });
    const told = pending.filter((item) => item.kind === 'notification').map((item) => item.payload as { userId: string; message: string });
    expect(told.filter((item) => item.message === 'Marcus Bell is no longer your mentor.')).toHaveLength(MENTEES + 1);
    expect(told.filter((item) => item.userId === 'demo-mentor').map((item) => item.message)).toEqual(['You no longer have the Mentor role.']);
  });

  it('does nothing for a user who does not hold the role', async () => {
    const target = (await loadUserAggregate('demo-participant'))!;
    expect(await takeRoleFromUser(target, await requireRole('role-advisor'), 'demo-superadmin')).toEqual({ menteesRemoved: 0, advisorAssignmentsRemoved: 0 });
  });
});
