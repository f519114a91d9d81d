import { DIGEST_ENTRIES_MAX, digestEntries } from '../../../functions/events/outbox-digest';

/** A digest email's list: lines, an escalation's items under its line, within the email's bound. */
const items = (count: number, prefix = 'Step') => Array.from({ length: count }, (_, index) => ({ text: `${prefix} ${index + 1}`, link: `/step/${prefix}${index + 1}` }));

describe('digestEntries', () => {
  it('lists each line with its link and an escalation\'s items right under it, marked', () => {
    const entries = digestEntries([
      { text: 'A step is ready.', link: '/step/r' },
      { text: '2 overdue steps in Foothills District', link: '/step/s1', items: items(2) },
    ]);
    expect(entries).toEqual([
      { text: 'A step is ready.', url: 'http://localhost:3000/step/r' },
      { text: '2 overdue steps in Foothills District', url: 'http://localhost:3000/step/s1' },
      { text: '– Step 1', url: 'http://localhost:3000/step/Step1' },
      { text: '– Step 2', url: 'http://localhost:3000/step/Step2' },
    ]);
  });

  it('keeps every line and fills only the room left with items, ending a cut list with "and N more"', () => {
    const lines = [
      { text: 'Big escalation', link: '/step/big', items: items(99, 'Big') },
      { text: 'Plain', link: '/step/p' },
      { text: 'Small escalation', link: '/step/small', items: items(3, 'Small') },
    ];
    const entries = digestEntries(lines);
    expect(entries).toHaveLength(DIGEST_ENTRIES_MAX);
    expect(entries.map((entry) => entry.text)).toEqual(expect.arrayContaining(['Big escalation', 'Plain', 'Small escalation']));
    // 97 rooms for items: 96 of the big list, then its "and N more" to the line's page; none left for the small one.
    expect(entries[96]).toEqual({ text: '– Big 96', url: 'http://localhost:3000/step/Big96' });
    expect(entries[97]).toEqual({ text: '– and 3 more', url: 'http://localhost:3000/step/big' });
    expect(entries.slice(98).map((entry) => entry.text)).toEqual(['Plain', 'Small escalation']);
  });
});
