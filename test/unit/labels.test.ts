import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { LABELS, labelOf } from '../../shared/labels.js';

/**
 * Every enum the schemas allow either has the desk's words in shared/labels.ts, or is listed here
 * with the reason no clerk ever reads it. A new enum in a schema fails this test until it is one
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
  ExpiringShow: 'an address parameter; the expiring list words its choice itself',
  ItemSort: 'an address parameter; the browser shows each column by its heading',
  SortDirection: 'an address parameter; the table shows the direction by its arrow',
  StockLevelFilter: 'an address parameter; the browser words its choice itself',
  ItemKind: 'an address parameter; the browser words its choice itself',
  ReceivingWhen: "an address parameter; Today's list is titled by it",
  WebhookTopic: 'webhooks are not a desk view',
  ReceivingSortField: 'columns carry their own headings',
  ReceiptTab: 'tabs carry their own headings',
  LotExclusionMark: 'the lot table words each mark in its own column',
  SyncPhase: 'the sync bar words its progress as counts',
  SyncState: 'the sync bar words its progress as counts',
  AppErrorCode: 'errors are shown by their message',
};

const roots = ['shared/schemas', 'shared/ipc'].map((dir) => fileURLToPath(new URL(`../../${dir}/`, import.meta.url)));

async function exportedEnums(): Promise<Map<string, readonly string[]>> {
  const found = new Map<string, readonly string[]>();
  const files = roots.flatMap((root) =>
    readdirSync(root)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => root + f),
  );
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
      const table = (LABELS as Record<string, Record<string, string> | undefined>)[name];
      if (!table) {
        missing.push(`${name} (no table)`);
        continue;
      }
      for (const v of values) if (!table[v]?.trim()) missing.push(`${name}.${v}`);
    }
    expect(missing).toEqual([]);
  });

  it('has no table for an enum that does not exist, and no enum both labelled and listed as never shown', async () => {
    const enums = await exportedEnums();
    expect(Object.keys(LABELS).filter((k) => !enums.has(k))).toEqual([]);
    expect(Object.keys(LABELS).filter((k) => k in NEVER_SHOWN)).toEqual([]);
    expect(Object.keys(NEVER_SHOWN).filter((k) => !enums.has(k))).toEqual([]);
  });

  it('never shows a service identifier as it is spelled in the contract', () => {
    for (const table of Object.values(LABELS)) {
      for (const [value, words] of Object.entries(table as Record<string, string>)) {
        if (/[a-z][A-Z]/.test(value)) expect(words, value).not.toBe(value);
      }
    }
  });

  it('words a value added after this build instead of leaving it blank', () => {
    expect(labelOf('ReceivingStatus', 'ProcessingAtHub')).toBe('Processing at hub');
    expect(labelOf('ReceivingStatus', 'ReturnedToOrigin')).toBe('Returned to origin');
    expect(labelOf('ReturnStatus', null)).toBe('—');
  });
});
