import { directoryCountsOf, locationDirectoryEntries, termsPerTarget, userDirectoryEntries, wordStarts } from '../../../functions/db/directory';

describe('directory entries', () => {
  const user = { userId: 'u1', firstName: 'Priya', lastName: 'Raman', email: 'Priya@Example.org' };
  const names = { roles: new Map([['advisor', 'Advisor']]), locations: new Map([['c', 'Blue Ridge'], ['d1', 'Foothills'], ['d2', 'Lakes']]) };

  it('lists a user in the System scope and in every ancestor of their permissions, per role', () => {
    const entries = userDirectoryEntries(user, ['advisor'], [['j', 'ea', 'c', 'd1'], ['j', 'ea', 'c', 'd2']], names);
    const sorted = entries.filter((e) => e.list === 'users');
    expect(sorted.map((e) => e.scopeId).sort()).toEqual(['c', 'd1', 'd2', 'ea', 'j', 'system']);
    expect(sorted.every((e) => e.term === 'raman priya')).toBe(true);
    expect(entries.filter((e) => e.list === 'users:advisor')).toHaveLength(6);
    const words = entries.filter((e) => e.list === 'userWords' && e.scopeId === 'system').map((e) => e.term);
    expect(words).toEqual(['priya raman', 'raman priya']);
    // Emails beside the names: people search reads names only, the users table both.
    expect(entries.filter((e) => e.list === 'userEmails' && e.scopeId === 'system').map((e) => e.term)).toEqual(['priya@example.org']);
    expect(entries.filter((e) => e.list === 'userEmails:advisor')).toHaveLength(6);
    expect(entries.filter((e) => e.list === 'usersByEmail' && e.scopeId === 'c').map((e) => e.term)).toEqual(['priya@example.org']);
  });

  it('carries the table columns and puts a deactivated user in the inactive lists only', () => {
    const entries = userDirectoryEntries({ ...user, inactive: true, createdAt: '2026-01-02T00:00:00.000Z' }, ['advisor'], [['j', 'ea', 'c', 'd1', 'ch']], names);
    expect(new Set(entries.map((e) => e.list))).toEqual(
      new Set(['users:inactive', 'users:advisor:inactive', 'usersByEmail:inactive', 'usersByEmail:advisor:inactive', 'usersByCreated:inactive', 'usersByCreated:advisor:inactive', 'userWords:inactive', 'userWords:advisor:inactive', 'userEmails:inactive', 'userEmails:advisor:inactive']),
    );
    expect(entries.find((e) => e.list === 'usersByCreated:inactive')?.term).toBe('2026-01-02T00:00:00.000Z');
    // The table's columns by name, each place with its chain (the reader's visibility check): a page needs no other read.
    expect(entries[0].display).toMatchObject({
      roles: [{ id: 'advisor', name: 'Advisor' }],
      conferences: [{ id: 'c', name: 'Blue Ridge', ancestorIds: ['j', 'ea', 'c'] }],
      districts: [{ id: 'd1', name: 'Foothills', ancestorIds: ['j', 'ea', 'c', 'd1'] }],
      inactive: true,
    });
  });

  it('names each conference and district once, and leaves out a role or place it has no name for', () => {
    const entries = userDirectoryEntries(user, ['advisor', 'gone'], [['j', 'ea', 'c', 'd1'], ['j', 'ea', 'c', 'd2', 'ch'], ['j', 'ea2', 'c9']], names);
    expect(entries[0].display).toMatchObject({
      roles: [{ id: 'advisor', name: 'Advisor' }],
      conferences: [{ id: 'c', name: 'Blue Ridge', ancestorIds: ['j', 'ea', 'c'] }],
      districts: [
        { id: 'd1', name: 'Foothills', ancestorIds: ['j', 'ea', 'c', 'd1'] },
        { id: 'd2', name: 'Lakes', ancestorIds: ['j', 'ea', 'c', 'd2'] },
      ],
    });
    // The unnamed role still has its lists: names are shown, never a reason to leave someone out.
    expect(entries.some((e) => e.list === 'users:gone')).toBe(true);
  });

  it('gives a user at most two name terms (a search reads two rows per person it wants) and one email', () => {
    for (const person of [user, { ...user, lastName: 'Priya' }]) {
      const entries = userDirectoryEntries(person, [], [['j']], names).filter((e) => e.scopeId === 'j');
      for (const list of ['userWords', 'userEmails']) expect(entries.filter((e) => e.list === list).length).toBeLessThanOrEqual(termsPerTarget(list)!);
    }
    expect(termsPerTarget('userWords:advisor:inactive')).toBe(2);
    expect(termsPerTarget('locationWords:Church')).toBeUndefined();
  });

  it('counts each target once per counted list, and never word lists', () => {
    const entries = [
      ...userDirectoryEntries(user, [], [['j', 'c']], names),
      ...userDirectoryEntries({ ...user, userId: 'u2' }, [], [['j']], names),
    ];
    const counts = Object.fromEntries(directoryCountsOf(entries).map((c) => [`${c.scopeId}/${c.list}`, c.count]));
    expect(counts).toEqual({ 'system/users': 2, 'j/users': 2, 'c/users': 1 });
  });

  it('makes every word start of a location name searchable under its ancestors, not itself', () => {
    expect(wordStarts('  North  Georgia Conference')).toEqual(['north georgia conference', 'georgia conference', 'conference']);
    const entries = locationDirectoryEntries({ locationId: 'c1', kind: 'Conference', name: 'North Georgia Conference', active: true, ancestorIds: ['j', 'ea', 'c1'] });
    expect([...new Set(entries.map((e) => e.scopeId))]).toEqual(['system', 'j', 'ea']);
    expect(entries.filter((e) => e.list === 'locationWords:Conference' && e.scopeId === 'j')).toHaveLength(3);
  });
});

describe('location display', () => {
  it('carries the parent and, for episcopal areas, the conference names', () => {
    const [entry] = locationDirectoryEntries({
      locationId: 'ea1',
      kind: 'EpiscopalArea',
      name: 'Piedmont Episcopal Area',
      active: true,
      parentId: 'j',
      parentName: 'Southeastern Jurisdiction',
      childNames: ['Blue Ridge Conference'],
      ancestorIds: ['j', 'ea1'],
    });
    expect(entry.display).toEqual({
      locationId: 'ea1',
      kind: 'EpiscopalArea',
      name: 'Piedmont Episcopal Area',
      active: true,
      parentId: 'j',
      parentName: 'Southeastern Jurisdiction',
      childNames: ['Blue Ridge Conference'],
    });
    const [church] = locationDirectoryEntries({ locationId: 'c1', kind: 'Church', name: 'Grace', active: false, parentId: 'd', parentName: 'Foothills', ancestorIds: ['d', 'c1'] });
    expect(church.display).not.toHaveProperty('childNames');
    expect(church.list).toBe('locations:Church:inactive');
  });
});
