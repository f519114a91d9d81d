/**
 * An iCalendar invitation (RFC 5545, iTIP methods of RFC 5546) for one attendee of a panel
 * interview. Times are written in UTC ("Z"): an instant every calendar places correctly in its
 * own zone, with no VTIMEZONE rules to get wrong; the email and the description give the time in
 * the conference's zone as well. One UID for the interview's whole life and a rising SEQUENCE make
 * a reschedule replace the event and a cancellation remove it.
 */
export interface Party {
  name: string;
  email: string;
}

export interface CalendarInvitation {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  /** ISO instants. */
  start: string;
  end: string;
  stamp: string;
  summary: string;
  description: string;
  location?: string;
  url?: string;
  organizer: Party;
  attendee: Party;
}

export const ICS_CONTENT_TYPE = (method: CalendarInvitation['method']) => `text/calendar; charset=utf-8; method=${method}`;

/** 2026-12-14T15:00:00.000Z as 20261214T150000Z. */
export function icsTime(iso: string): string {
  return new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** A TEXT value: backslash, semicolon, comma and line breaks escaped. */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** A quoted parameter value (CN): DQUOTE cannot be escaped, so it goes, as do control characters. */
const paramText = (value: string) => `"${value.replace(/["\u0000-\u001f]/g, '')}"`;
const mailto = (email: string) => `mailto:${email.replace(/[\s"]/g, '')}`;

/** Folds a content line at 75 octets, never inside a UTF-8 character; continuation lines start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length ? 74 : 75; // a continuation's leading space counts
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function calendarInvitation(event: CalendarInvitation): string {
  const cancelled = event.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Formation Tracks//Panel interviews//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsTime(event.stamp)}`,
    `DTSTART:${icsTime(event.start)}`,
    `DTEND:${icsTime(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    ...(event.location ? [`LOCATION:${icsText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    `ORGANIZER;CN=${paramText(event.organizer.name)}:${mailto(event.organizer.email)}`,
    `ATTENDEE;CN=${paramText(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:${mailto(event.attendee.email)}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
