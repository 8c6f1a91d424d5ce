import { z } from 'zod';
import { LanguageChoice } from '../i18n/locales.js';

/** Light or dark: 'system' follows the operating system's choice. */
export const ThemeChoice = z.enum(['system', 'light', 'dark']);
export type ThemeChoice = z.infer<typeof ThemeChoice>;

/**
 * An in-app address as the router writes it after the '#': a path and an optional query
 * ("/receiving?status=Awaiting&page=2"). Nothing else: no scheme, host or fragment.
 */
export const AppAddress = z
  .string()
  .max(2000)
  .regex(/^\/[A-Za-z0-9\-._~/]*(\?[A-Za-z0-9\-._~%!$&'()*+,;=:@/?]*)?$/, 'An address starts with "/" and holds only a path and a query.');

/** The lists whose filters are remembered per environment. */
export const RememberedList = z.enum(['receiving']);
export type RememberedList = z.infer<typeof RememberedList>;

/** A list's remembered filters: the query of its address without the "?" ("status=Awaiting&fc=12"), or empty. */
export const ListQuery = z
  .string()
  .max(1000)
  .regex(/^[A-Za-z0-9\-._~%!$&'()*+,;=:@/?]*$/, 'Filters are kept as the query part of an address.');

/** The desk's own choices, kept by main in the settings file (never tokens). */
export const Preferences = z.object({
  theme: ThemeChoice,
  /** The desk's language: the system's, or one chosen in Settings → Appearance; absent in older files. */
  language: LanguageChoice.default('system'),
  /** Where the user was when the app last closed; restored on the next start. */
  lastAddress: AppAddress.nullable(),
  /** Lots expiring within this many days are marked "expires soon"; absent in older files. */
  lotExpiryWarningDays: z.number().int().min(0).max(3650).default(30),
  /** Per environment id, per list: the filters last set there (app.listFilters.*). Absent in older files. */
  listFilters: z.record(z.string().max(40), z.partialRecord(RememberedList, ListQuery)).default({}),
});
export type Preferences = z.infer<typeof Preferences>;

/**
 * A change to the preferences: only the fields given. (A `.partial()` of the schema above would fill
 * in each defaulted field left out, so remembering the address would reset the others.) Remembered
 * filters change through app.listFilters.set only.
 */
export const PreferencesChange = z
  .object({
    theme: Preferences.shape.theme.optional(),
    language: LanguageChoice.optional(),
    lastAddress: Preferences.shape.lastAddress.optional(),
    lotExpiryWarningDays: Preferences.shape.lotExpiryWarningDays.unwrap().optional(),
  })
  .strict();

export const DEFAULT_PREFERENCES: Preferences = { theme: 'system', language: 'system', lastAddress: null, lotExpiryWarningDays: 30, listFilters: {} };
