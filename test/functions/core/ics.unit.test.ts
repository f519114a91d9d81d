import { calendarInvitation, foldLine, icsText, icsTime } from '../../../functions/core/interviews/ics';
import { instantOfLocal, localDateTimeText } from '../../../functions/lib/zoned-time';

const event = {
  method: 'REQUEST' as const,
  uid: '01JINTERVIEW@formation.example.org',
  sequence: 2,
  start: '2026-12-14T15:00:00.000Z',
  end: '2026-12-14T16:30:00.000Z',
  stamp: '2026-12-07T03:00:00.000Z',
  summary: 'Readiness interview: Sofia Núñez',
  description: 'When: Mon, Dec 14, 2026, 10:00 AM EST\nWhere: Wesley Hall; Room 2, upstairs',
  location: 'Wesley Hall, Room 2',
  organizer: { name: 'Clara "The Chair" Chair', email: 'clara@example.org' },
  attendee: { name: 'Sofia Núñez', email: 'sofia@example.org' },
};

describe('calendar invitations (RFC 5545)', () => {
  it('writes instants in UTC and escapes text', () => {
    expect(icsTime('2026-12-14T15:00:00.000Z')).toBe('20261214T150000Z');
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('folds lines at 75 octets without splitting a character, and unfolds to the original', () => {
    const line = `DESCRIPTION:${'é'.repeat(60)}${'x'.repeat(40)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((part) => Buffer.byteLength(part) <= 75)).toBe(true);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('is one VEVENT with the UID, SEQUENCE, method and status a calendar needs, in CRLF lines', () => {
    const text = calendarInvitation(event);
    const lines = text.replace(/\r\n /g, '').split('\r\n');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR', 'VERSION:2.0', 'METHOD:REQUEST', 'BEGIN:VEVENT', `UID:${event.uid}`, 'SEQUENCE:2',
        'DTSTART:20261214T150000Z', 'DTEND:20261214T163000Z', 'DTSTAMP:20261207T030000Z', 'STATUS:CONFIRMED',
        'LOCATION:Wesley Hall\\, Room 2', 'END:VEVENT', 'END:VCALENDAR',
        'ORGANIZER;CN="Clara The Chair Chair":mailto:clara@example.org',
      ]),
    );
    expect(lines.find((l) => l.startsWith('DESCRIPTION:'))).toBe('DESCRIPTION:When: Mon\\, Dec 14\\, 2026\\, 10:00 AM EST\\nWhere: Wesley Hall\\; Room 2\\, upstairs');
    expect(lines.find((l) => l.startsWith('ATTENDEE'))).toContain('mailto:sofia@example.org');
    const cancel = calendarInvitation({ ...event, method: 'CANCEL', sequence: 3 }).split('\r\n');
    expect(cancel).toEqual(expect.arrayContaining(['METHOD:CANCEL', 'STATUS:CANCELLED', 'SEQUENCE:3']));
  });
});

describe("the conference's clock", () => {
  it('reads a wall-clock time in the zone, across a daylight-saving change', () => {
    expect(new Date(instantOfLocal('2026-12-14T10:00', 'America/New_York')).toISOString()).toBe('2026-12-14T15:00:00.000Z');
    expect(new Date(instantOfLocal('2026-07-14T10:00', 'America/New_York')).toISOString()).toBe('2026-07-14T14:00:00.000Z');
    expect(new Date(instantOfLocal('2026-12-14T10:00', 'America/Los_Angeles')).toISOString()).toBe('2026-12-14T18:00:00.000Z');
    expect(localDateTimeText('2026-12-14T15:00:00.000Z', 'America/New_York')).toBe('Mon, Dec 14, 2026, 10:00 AM EST');
  });
});
