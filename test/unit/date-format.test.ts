import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  formatAsOf,
  formatCenterTime,
  formatDate,
  formatDateTime,
  formatDay,
  formatTime,
  formatTimeToSecond,
  zoneShortName,
} from '../../renderer/src/format.js';

const at = '2026-11-24T14:30:45Z';
const local = new Date(at);
const timeOnly = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(local);
const dayOnly = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' }).format(local);

describe('one format for dates and times', () => {
  it('the same instant reads the same through each helper, to the minute', () => {
    expect(formatTime(at)).toBe(timeOnly);
    expect(formatTime(local)).toBe(timeOnly);
    expect(formatTime(local.getTime())).toBe(timeOnly);
    expect(formatDate(at)).toBe(dayOnly);
    expect(formatDateTime(at)).toBe(
      new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(local),
    );
    expect(formatDateTime(at)).toContain(timeOnly);
    expect(formatAsOf(at, local)).toBe(timeOnly);
    expect(formatAsOf(at, new Date('2026-12-24T14:30:45Z'))).toContain(timeOnly);
  });

  it('shows no seconds, except the scan log time', () => {
    for (const text of [formatTime(at), formatDateTime(at), formatAsOf(at), formatCenterTime(at, 'America/New_York')]) expect(text).not.toMatch(/45/);
    expect(formatTimeToSecond(at)).toMatch(/45/);
  });

  it('keeps the hour cycle of the locale (24-hour in en-GB, AM/PM in en-US)', () => {
    // The helpers take the system locale; the options they pass must not force a cycle, which
    // the same options with an explicit locale show.
    const options: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' };
    expect(new Intl.DateTimeFormat('en-GB', options).format(local)).toBe('14:30');
    expect(new Intl.DateTimeFormat('en-US', options).format(local)).toBe('2:30 PM');
    expect(formatTime(at)).toBe(new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(local));
  });

  it("a center's time is in the center's zone, the zone named", () => {
    const ny = formatCenterTime('2026-11-24T14:30:00Z', 'America/New_York');
    expect(ny).toContain(new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York' }).format(local));
    expect(ny).toMatch(/ EST$/);
    // Past midnight at the desk in Berlin, still the evening before at a Los Angeles dock.
    expect(formatCenterTime('2026-11-25T05:50:00Z', 'America/Los_Angeles')).toMatch(/Nov 24, 2026.* PST$|24.* PST$/);
    // A center without a zone this runtime knows, or no center: the desk's zone, named too.
    expect(formatCenterTime(at, 'Not/AZone')).toBe(`${formatDateTime(at)} ${zoneShortName(Intl.DateTimeFormat().resolvedOptions().timeZone, at)}`);
    expect(formatCenterTime(at, null)).toBe(formatCenterTime(at, 'Not/AZone'));
  });

  it('names zones as a clerk says them, never by the IANA id', () => {
    expect(zoneShortName('America/New_York', '2026-11-24T12:00:00Z')).toBe('EST');
    expect(zoneShortName('America/New_York', '2026-07-01T12:00:00Z')).toBe('EDT');
    expect(zoneShortName('America/Los_Angeles', '2026-11-24T12:00:00Z')).toBe('PST');
    expect(zoneShortName('Europe/Berlin', '2026-11-24T12:00:00Z')).toBe('CET');
    expect(zoneShortName('Europe/Berlin', '2026-07-01T12:00:00Z')).toBe('CEST');
    expect(zoneShortName('Not/AZone')).not.toContain('/');
  });

  it('a calendar day is the day it names, and missing values read "—"', () => {
    expect(formatDay('2026-12-31')).toBe(
      new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(Date.UTC(2026, 11, 31)),
    );
    expect(formatDay('2026-12-31T00:00:00Z')).toBe(formatDay('2026-12-31'));
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatCenterTime(null, 'America/New_York')).toBe('—');
  });
});

describe('no view formats dates by itself', () => {
  it("only renderer/src/format.ts (of the page and every area's ui/) calls Intl.DateTimeFormat, toLocale*String, hour12 or hourCycle", () => {
    const repo = join(__dirname, '../..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          // an area's core/ and common/ are not views; the desk's times are formatted in the page
          if (!/^areas\/[^/]+\/(core|common)$/.test(relative(repo, path))) walk(path);
        } else if (/\.tsx?$/.test(name) && relative(repo, path) !== 'renderer/src/format.ts') {
          const text = readFileSync(path, 'utf8');
          if (/Intl\.DateTimeFormat|toLocale(Date|Time)?String|hour12|hourCycle/.test(text)) offenders.push(relative(repo, path));
        }
      }
    };
    walk(join(repo, 'renderer/src'));
    walk(join(repo, 'areas'));
    expect(offenders).toEqual([]);
  });
});
