import { loadUserAggregate } from '../../../functions/db/access/user-aggregate';
import { addNotification } from '../../../functions/db/access/notifications';
import { DEMO_LOCATION_IDS, DEMO_USERS } from '../../../functions/db/seed/demo';
import { seedDemo } from '../../support/demo-table';
import { db } from '../../../functions/db/service';
import { withCountedRequests } from '../../support/dynamo';

const participant = DEMO_USERS.find((user) => user.role === 'Participant')!;

beforeAll(async () => {
  await seedDemo();
  const now = Date.now();
  await db().entities.session.create({ userId: participant.id, sessionId: 'Session-One-abcdefghijklmnopqrstuvwxyz', createdAt: new Date(now).toISOString(), expiresAt: new Date(now + 3600_000).toISOString(), ttl: Math.floor(now / 1000) + 3600 }).go();
  // Items of other collections in the same partition, which must not be read.
  await db().entities.comment.create({ userId: participant.id, commentId: 'c1', comment: 'Thoughtful and prepared.', author: { id: 'demo-advisor', firstName: 'Abigail', lastName: 'Nguyen' } }).go();
  await addNotification(participant.id, { message: 'One more' });
});

describe('loadUserAggregate', () => {
  it('reads user, roles, permissions and sessions with ONE request', async () => {
    const { result, counted } = await withCountedRequests(() => loadUserAggregate(participant.id));
    expect(counted.requests).toBe(1);
    expect(counted.byCommand).toEqual({ QueryCommand: 1 });
    expect(counted.readCapacity).toBeGreaterThan(0);

    expect(result?.user).toMatchObject({ userId: participant.id, email: participant.email, firstName: participant.firstName, inactive: false });
    expect(result?.roles.map((role) => role.roleName)).toEqual(['Participant']);
    expect(result?.permissions).toHaveLength(1);
    expect(result?.permissions[0]).toMatchObject({ entity: 'District', entityId: DEMO_LOCATION_IDS.district1, active: true, denial: false });
    expect(result?.permissions[0].ancestorIds).toEqual([DEMO_LOCATION_IDS.jurisdiction1, DEMO_LOCATION_IDS.episcopalArea1, DEMO_LOCATION_IDS.conference1, DEMO_LOCATION_IDS.district1]);
    expect(result?.sessions.map((session) => session.sessionId)).toEqual(['Session-One-abcdefghijklmnopqrstuvwxyz']);
  });

  it('leaves out comments, notifications and other collections of the partition', async () => {
    const result = await loadUserAggregate(participant.id);
    expect(Object.keys(result!).sort()).toEqual(['permissions', 'roles', 'sessions', 'user']);
    const everything = await db().collections.userProfile({ userId: participant.id }).go();
    expect(everything.data.comment.map((comment) => comment.commentId)).toContain('c1'); // it is there (beside the demo's comments), just not in the aggregate
  });

  it('is null for an unknown user', async () => {
    expect(await loadUserAggregate('nobody')).toBeNull();
  });

  it('finds the user by email, case-insensitively stored', async () => {
    const { data } = await db().entities.user.query.byEmail({ email: participant.email }).go();
    expect(data.map((user) => user.userId)).toEqual([participant.id]);
  });
});
