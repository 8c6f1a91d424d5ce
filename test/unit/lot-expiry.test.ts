import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { readCatalog } from '../../build/i18n-catalogs.js';
import { daysBetween, expiryDay, expiryMark, localDay, type ExpiryMark } from '../../shared/time/expiry.js';

/** The mark in words, as the lot views say it (the catalogs' `lots.expiry.mark`); an unmarked lot has none. */
function expiryWords(mark: ExpiryMark, language = 'en'): string {
  if (mark.kind === 'none' || mark.kind === 'ok') return '';
  return String(new IntlMessageFormat(readCatalog(language)['lots.expiry.mark']!, language).format({ kind: mark.kind, days: mark.days }));
}

describe('lot expiry: the day an expiry value names', () => {
  it('is the date as written, whatever the offset or time of day', () => {
    expect(expiryDay('2026-12-31T00:00:00Z')).toBe('2026-12-31');
    expect(expiryDay('2026-12-31T00:00:00.000+02:00')).toBe('2026-12-31');
    expect(expiryDay('2026-12-31T23:30:00-05:00')).toBe('2026-12-31');
    expect(expiryDay('2026-12-31')).toBe('2026-12-31');
  });
  it('is null for no value and for values that are not dates', () => {
    expect(expiryDay(null)).toBeNull();
    expect(expiryDay('')).toBeNull();
    expect(expiryDay('31/12/2026')).toBeNull();
    expect(expiryDay('2026-02-30T00:00:00Z')).toBeNull();
    expect(expiryDay('2026-12-31Tnonsense')).toBeNull();
  });
});

describe('lot expiry: today in the user’s time zone', () => {
  // 03:30 UTC on 1 June: still 31 May in New York, already 1 June in Tokyo.
  const now = Date.parse('2026-06-01T03:30:00Z');
  it('follows the zone, not UTC', () => {
    expect(localDay(now, 'UTC')).toBe('2026-06-01');
    expect(localDay(now, 'America/New_York')).toBe('2026-05-31');
    expect(localDay(now, 'Asia/Tokyo')).toBe('2026-06-01');
    expect(localDay(Date.parse('2026-06-01T20:00:00Z'), 'Asia/Tokyo')).toBe('2026-06-02');
  });
  it('counts calendar days across a daylight-saving change', () => {
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-11-02', '2026-10-31')).toBe(-2);
  });
});

describe('lot expiry marks', () => {
  it('a date-only expiry (start of the day, UTC) is usable through that day in every zone', () => {
    const expires = '2026-06-01T00:00:00Z';
    // 23:00 on 31 May in New York (03:00 UTC on 1 June): the expiry instant has passed, the day has not.
    const evening = Date.parse('2026-06-01T03:00:00Z');
    expect(expiryMark(expires, localDay(evening, 'America/New_York'), 30)).toEqual({ kind: 'soon', days: 1, day: '2026-06-01' });
    expect(expiryMark(expires, localDay(evening, 'Asia/Tokyo'), 30)).toEqual({ kind: 'soon', days: 0, day: '2026-06-01' });
    // The next day it has expired, in Tokyo first.
    const later = Date.parse('2026-06-01T16:00:00Z');
    expect(expiryMark(expires, localDay(later, 'Asia/Tokyo'), 30)).toEqual({ kind: 'expired', days: 1, day: '2026-06-01' });
    expect(expiryMark(expires, localDay(later, 'America/New_York'), 30).kind).toBe('soon');
  });
  it('soon within the threshold (its own day counts as 0), else unmarked', () => {
    const today = '2026-06-01';
    expect(expiryMark('2026-07-01T00:00:00Z', today, 30)).toEqual({ kind: 'soon', days: 30, day: '2026-07-01' });
    expect(expiryMark('2026-07-02T00:00:00Z', today, 30)).toEqual({ kind: 'ok', days: 31, day: '2026-07-02' });
    expect(expiryMark('2026-06-02T00:00:00Z', today, 0).kind).toBe('ok');
    expect(expiryMark('2026-06-01T00:00:00Z', today, 0).kind).toBe('soon');
    expect(expiryMark(null, today, 30)).toEqual({ kind: 'none' });
    expect(expiryMark('not a date', today, 30)).toEqual({ kind: 'none' });
  });
  it('in words', () => {
    const today = '2026-06-01';
    expect(expiryWords(expiryMark('2026-05-31T00:00:00Z', today, 30))).toBe('Expired 1 day ago');
    expect(expiryWords(expiryMark('2026-05-20T00:00:00Z', today, 30))).toBe('Expired 12 days ago');
    expect(expiryWords(expiryMark('2026-06-01T00:00:00Z', today, 30))).toBe('Expires today');
    expect(expiryWords(expiryMark('2026-06-02T00:00:00Z', today, 30))).toBe('Expires in 1 day');
    expect(expiryWords(expiryMark('2026-06-20T00:00:00Z', today, 30))).toBe('Expires in 19 days');
    expect(expiryWords(expiryMark('2026-08-20T00:00:00Z', today, 30))).toBe('');
    expect(expiryWords({ kind: 'none' })).toBe('');
    expect(expiryWords(expiryMark('2026-05-31T00:00:00Z', today, 30), 'de')).toBe('Seit 1 Tag abgelaufen');
    expect(expiryWords(expiryMark('2026-06-06T00:00:00Z', today, 30), 'es')).toBe('Caduca en 5 días');
  });
});
