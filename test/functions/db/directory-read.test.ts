import { locationDirectoryEntries, type DirectoryLocation } from '../../../functions/db/directory';
import { applyCountDeltas, directoryChanges, writeDirectoryEntries } from '../../support/directory-writes';
import { readCounts, readSortedPage, searchDirectory, type DirectoryRow } from '../../../functions/db/directory-read';
import { requestCounter } from '../../../functions/db/client';

/**
 * Two disjoint scopes (districts dA and dB) with churches whose names interleave, written
 * the way writers write them (entries plus counters), read back page by page.
 */
const churchesA = ['Alder', 'Cedar Grove', 'Elm Street', 'Grace Chapel', 'Juniper'];
const churchesB = ['Birch', 'Dogwood', 'Faith Grace', 'Hope'];

function church(name: string, districtId: string, parentName: string): DirectoryLocation {
  return { locationId: `${districtId}-${name.toLowerCase().replace(/ /g, '-')}`, kind: 'Church', name, active: true, parentId: districtId, parentName, ancestorIds: ['j', 'ea', 'c', districtId] };
}

beforeAll(async () => {
  const locations = [...churchesA.map((name) => church(name, 'dA', 'Zeta District')), ...churchesB.map((name) => church(name, 'dB', 'Alpha District'))];
  const changes = directoryChanges([], locations.flatMap((location) => locationDirectoryEntries({ ...location, ancestorIds: [...location.ancestorIds, location.locationId] })));
  await applyCountDeltas(changes);
  await writeDirectoryEntries(changes);
});

const names = (rows: DirectoryRow[]) => rows.map((row) => row.display.name);
const both = (list: string) => ['dA', 'dB'].map((scopeId) => ({ scopeId, list, countList: 'locations:Church' }));

describe('readSortedPage', () => {
  it('merges the scopes by term and adds up their counters (ascending: one Query per scope)', async () => {
    requestCounter.reset();
    const page = await readSortedPage({ sources: both('locations:Church'), direction: 'ASC', offset: 0, limit: 4, withCount: true });
    expect(requestCounter.snapshot().byCommand).toEqual({ QueryCommand: 2 });
    expect(names(page.rows)).toEqual(['Alder', 'Birch', 'Cedar Grove', 'Dogwood']);
    expect(page.count).toBe(9);
    const next = await readSortedPage({ sources: both('locations:Church'), direction: 'ASC', offset: 4, limit: 4, withCount: true });
    expect(names(next.rows)).toEqual(['Elm Street', 'Faith Grace', 'Grace Chapel', 'Hope']);
    const last = await readSortedPage({ sources: both('locations:Church'), direction: 'ASC', offset: 8, limit: 4 });
    expect(names(last.rows)).toEqual(['Juniper']);
    expect(last.count).toBe(0);
  });

  it('reads descending and counts with one BatchGet', async () => {
    requestCounter.reset();
    const page = await readSortedPage({ sources: both('locations:Church'), direction: 'DESC', offset: 1, limit: 3, withCount: true });
    expect(requestCounter.snapshot().byCommand).toEqual({ QueryCommand: 2, BatchGetItemCommand: 1 });
    expect(names(page.rows)).toEqual(['Hope', 'Grace Chapel', 'Faith Grace']);
    expect(page.count).toBe(9);
  });

  it('sorts by parent name from the by-parent list, counted by the name list', async () => {
    const page = await readSortedPage({ sources: both('locationsByParent:Church'), direction: 'ASC', offset: 0, limit: 5, withCount: true });
    expect(names(page.rows)).toEqual(['Birch', 'Dogwood', 'Faith Grace', 'Hope', 'Alder']);
    expect(page.count).toBe(9);
  });

  it('merges extra rows into the order and the count', async () => {
    const extra: DirectoryRow = { term: 'fir', targetId: 'x-fir', display: { name: 'Fir' } };
    const page = await readSortedPage({ sources: both('locations:Church'), extraRows: [extra], direction: 'ASC', offset: 4, limit: 3, withCount: true });
    expect(names(page.rows)).toEqual(['Elm Street', 'Faith Grace', 'Fir']);
    expect(page.count).toBe(10);
  });
});

describe('searchDirectory', () => {
  const words = ['dA', 'dB'].map((scopeId) => ({ scopeId, list: 'locationWords:Church' }));

  it('matches word prefixes once per target, in the order of the matching words', async () => {
    const page = await searchDirectory({ sources: words, text: ' GRA ', direction: 'ASC', offset: 0, limit: 10 });
    // Key order: 'grace chapel#…' sorts before 'grace#…' (a space sorts before the key separator).
    expect(names(page.rows)).toEqual(['Grace Chapel', 'Faith Grace']);
    expect(page.count).toBe(2);
    const multiWord = await searchDirectory({ sources: words, text: 'grace ch', direction: 'ASC', offset: 0, limit: 10 });
    expect(names(multiWord.rows)).toEqual(['Grace Chapel']);
  });

  it('counts what it found: the page and one more while more exist', async () => {
    const nothing = await searchDirectory({ sources: words, text: 'zz', direction: 'ASC', offset: 0, limit: 10 });
    expect(nothing).toEqual({ rows: [], count: 0 });
    // An empty prefix matches every word: 9 churches, several words each.
    const first = await searchDirectory({ sources: words, text: '', direction: 'ASC', offset: 0, limit: 3 });
    expect(first.rows).toHaveLength(3);
    expect(first.count).toBe(4);
    const last = await searchDirectory({ sources: words, text: '', direction: 'ASC', offset: 6, limit: 3 });
    expect(last.rows).toHaveLength(3);
    expect(last.count).toBe(9);
  });
});

describe('readCounts', () => {
  it('adds the counters of several lists, missing ones as zero', async () => {
    expect(await readCounts([{ scopeId: 'dA', list: 'locations:Church' }, { scopeId: 'dB', list: 'locations:Church' }, { scopeId: 'dC', list: 'locations:Church' }])).toBe(9);
    expect(await readCounts([{ scopeId: 'c', list: 'locations:Church:inactive' }])).toBe(0);
  });
});
