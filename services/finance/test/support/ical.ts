// Reads a feed back with ical.js (Mozilla's iCalendar parser, the one Thunderbird uses), plus the RFC 5545
// framing checks a lenient parser would let through: CRLF line ends and lines of at most 75 octets.
import ICAL from 'ical.js';

export interface ParsedFeedEvent {
  uid: string;
  summary: string;
  description: string;
  /** YYYY-MM-DD */
  start: string;
  end: string;
  /** true when DTSTART is a DATE (an all-day event). */
  allDay: boolean;
  stamp: string;
  categories: string[];
  transparency: string;
}

export interface ParsedFeed {
  version: string;
  prodId: string;
  name: string;
  events: ParsedFeedEvent[];
}

export function framingProblems(text: string): string[] {
  const problems: string[] = [];
  if (!text.endsWith('\r\n')) problems.push('the last line does not end with CRLF');
  const lines = text.split('\r\n').slice(0, -1);
  lines.forEach((line, index) => {
    if (line.includes('\n') || line.includes('\r')) problems.push(`line ${index + 1} holds a bare CR or LF`);
    if (Buffer.byteLength(line, 'utf8') > 75)
      problems.push(`line ${index + 1} is ${Buffer.byteLength(line, 'utf8')} octets`);
  });
  if (!text.startsWith('BEGIN:VCALENDAR\r\n')) problems.push('does not start with BEGIN:VCALENDAR');
  return problems;
}

export function parseFeed(text: string): ParsedFeed {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const prop = (component: ICAL.Component, name: string) =>
    String(component.getFirstPropertyValue(name) ?? '');
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      allDay: event.startDate.isDate,
      stamp: prop(vevent, 'dtstamp'),
      categories: vevent
        .getAllProperties('categories')
        .flatMap((property) => property.getValues().map(String)),
      transparency: prop(vevent, 'transp'),
    };
  });
  return {
    version: prop(calendar, 'version'),
    prodId: prop(calendar, 'prodid'),
    name: prop(calendar, 'x-wr-calname'),
    events,
  };
}
