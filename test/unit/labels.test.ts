import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { createIntl } from '@formatjs/intl';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { readCatalog } from '../../build/i18n-catalogs.js';
import { englishLabel } from '../../shared/i18n/english-labels.js';
import { LABEL_MESSAGES, labelArgs, selectKey } from '../../shared/labels.js';

/**
 * Every enum the schemas allow either has the desk's words (a select message in
 * shared/i18n/messages/en/labels.json, named in shared/labels.ts), or is listed here with the reason
 * no clerk ever reads it as a label. A new enum in a schema fails this test until it is one
 * or the other.
 */
const NEVER_SHOWN: Record<string, string> = {
  OAuthErrorCode: 'sign-in failures are worded by the session, the code goes to the log',
  SecretPersistence: 'worded by the account panel as where the sign-in is kept',
  SignInMethod: 'the account panel words the method itself',
  Scope: 'permissions are checked, never listed',
  InvoiceType: 'billing is not a desk view',
  InvoiceTypeV3: 'billing is not a desk view',
  ReferenceType: 'billing is not a desk view',
  OrderType: 'orders are not a desk view',
  UnitOfMeasure: 'orders are not a desk view',
  EfdStatus: 'orders are not a desk view',
  PackageMaterialType: 'orders are not a desk view',
  ShipmentAction: 'orders are not a desk view',
  ErrorCode: 'the service message is shown, not its code',
  CodeKind: 'the lookup says which code matched in its own sentence',
  SearchRank: 'ordering only',
  DraftKind: 'each draft is shown in its own view',
  RememberedList: 'a settings key',
  AttachmentImageType: 'file types, checked on upload',
  PhotoType: "a photo's file type, checked when it is kept, never shown",
  ExpiringShow: 'an address parameter; the expiring list words its choice itself',
  ItemSort: 'an address parameter; the browser shows each column by its heading',
  SortDirection: 'an address parameter; the table shows the direction by its arrow',
  StockLevelFilter: 'an address parameter; the browser words its choice itself',
  ItemKind: 'an address parameter; the browser words its choice itself',
  ReceivingWhen: "an address parameter; Today's list is titled by it",
  WebhookTopic: 'webhooks are not a desk view',
  ReceivingSort: 'an address parameter; columns carry their own headings',
  ReceiptTab: 'tabs carry their own headings',
  LotExclusionMark: 'the lot table words each mark in its own column',
  SyncPhase: 'the sync bar words its progress as counts',
  SyncState: 'the sync bar words its progress as counts',
  AppErrorCode: 'errors are shown by their message',
  EventCategory: 'History words each category in its own message (history.category)',
  OrderStatus: 'orders are not a desk view',
  ShipmentStatus: 'orders are not a desk view',
  TrackingStatus: 'orders are not a desk view',
  Connectivity: 'the status bar words the connection in its own messages',
  SessionStatus: 'the account panel words the session in its own messages',
  EnvironmentKind: 'Settings words each kind of environment in its own messages',
  CandidateReason: 'the link dialog words why a receiving order is offered in its own messages',
  ThemeChoice: 'Appearance words each theme in its own messages',
};

const english = readCatalog('en');

/** The values an English label message words (its select options other than `other`). */
function worded(kind: keyof typeof LABEL_MESSAGES): Map<string, string> {
  const [select] = parse(english[LABEL_MESSAGES[kind]]!);
  if (select?.type !== TYPE.select) throw new Error(`${kind}: not a select message`);
  const words = new Map<string, string>();
  for (const [key, option] of Object.entries(select.options)) {
    if (key === 'other') continue;
    words.set(key, option.value.map((el) => (el.type === TYPE.literal ? el.value : '')).join(''));
  }
  return words;
}

const roots = ['shared/schemas', 'shared/ipc'].map((dir) => fileURLToPath(new URL(`../../${dir}/`, import.meta.url)));

async function exportedEnums(): Promise<Map<string, readonly string[]>> {
  const found = new Map<string, readonly string[]>();
  const files = roots.flatMap((root) =>
    readdirSync(root)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => root + f),
  );
  // each area's own channels
  const areas = fileURLToPath(new URL('../../areas/', import.meta.url));
  for (const area of readdirSync(areas)) if (existsSync(`${areas}${area}/common/ipc.ts`)) files.push(`${areas}${area}/common/ipc.ts`);
  files.push(fileURLToPath(new URL('../../shared/errors.ts', import.meta.url)));
  for (const file of files) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (value instanceof z.ZodEnum) found.set(name, value.options as readonly string[]);
    }
  }
  return found;
}

describe('labels', { timeout: 30_000 }, () => {
  it('gives every value of every enum the schemas allow a label, unless the enum is never shown', async () => {
    const enums = await exportedEnums();
    expect(enums.size).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const [name, values] of enums) {
      if (name in NEVER_SHOWN) continue;
      if (!(name in LABEL_MESSAGES)) {
        missing.push(`${name} (no label message)`);
        continue;
      }
      const words = worded(name as keyof typeof LABEL_MESSAGES);
      for (const v of values) if (!words.get(selectKey(v))?.trim()) missing.push(`${name}.${v}`);
    }
    expect(missing).toEqual([]);
  });

  it('has no label message for an enum that does not exist, and no enum both labelled and listed as never shown', async () => {
    const enums = await exportedEnums();
    expect(Object.keys(LABEL_MESSAGES).filter((k) => !enums.has(k))).toEqual([]);
    expect(Object.keys(LABEL_MESSAGES).filter((k) => k in NEVER_SHOWN)).toEqual([]);
    expect(Object.keys(NEVER_SHOWN).filter((k) => !enums.has(k))).toEqual([]);
  });

  it('never shows a service identifier as it is spelled in the contract', async () => {
    const enums = await exportedEnums();
    for (const kind of Object.keys(LABEL_MESSAGES) as (keyof typeof LABEL_MESSAGES)[]) {
      for (const value of enums.get(kind) ?? []) {
        if (/[a-z][A-Z]/.test(value)) expect(englishLabel(kind, value), value).not.toBe(value);
      }
    }
  });

  it('words a value added after this build instead of leaving it blank', () => {
    expect(englishLabel('ReceivingStatus', 'ProcessingAtHub')).toBe('Processing at hub');
    expect(englishLabel('ReceivingStatus', 'ReturnedToOrigin')).toBe('Returned to origin');
    expect(englishLabel('ReturnStatus', null)).toBe('—');
  });

  it('reads in the clerk’s language, a value with spaces included', () => {
    const german = createIntl({ locale: 'de', messages: { ...english, ...readCatalog('de') } });
    const say = (kind: keyof typeof LABEL_MESSAGES, value: string) => german.formatMessage({ id: LABEL_MESSAGES[kind] }, labelArgs(value));
    expect(say('ReceivingStatus', 'Awaiting')).toBe('Erwartet');
    expect(say('PrintJobState', 'not-sent')).toBe('Nicht gesendet');
    expect(say('BoxStatus', 'SomethingNew')).toBe('Something new');
  });
});
