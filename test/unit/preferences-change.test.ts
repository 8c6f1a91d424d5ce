import { describe, expect, it } from 'vitest';
import { PreferencesChange } from '../../shared/schemas/preferences.js';

describe('a change to the preferences', () => {
  it('holds only the fields given, so remembering the address leaves the lot warning and the remembered filters alone', () => {
    expect(PreferencesChange.parse({ lastAddress: '/receiving?status=Awaiting' })).toEqual({ lastAddress: '/receiving?status=Awaiting' });
    expect(PreferencesChange.parse({ lotExpiryWarningDays: 14 })).toEqual({ lotExpiryWarningDays: 14 });
  });

  it('refuses remembered filters (their own channel keys them by environment) and unknown fields', () => {
    expect(PreferencesChange.safeParse({ listFilters: {} }).success).toBe(false);
    expect(PreferencesChange.safeParse({ lotExpiryWarningDays: -1 }).success).toBe(false);
  });
});
