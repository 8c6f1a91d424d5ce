import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DraftStore } from '../../electron/core/data/draft-store.js';
import { returnDraftPolicy } from '../../areas/returns/core/draft-policy.js';
import { AppErrorException } from '../../shared/errors.js';
import type { ReturnDraft } from '../../shared/schemas/return-draft.js';
import { emptyWroForm, emptyWroItem } from '../../shared/schemas/wro-form.js';

/** A receiving-order draft whose PO number marks it. */
const wro = (po: string) => ({ form: { ...emptyWroForm(), purchase_order_number: po }, pendingSince: null });

let dir: string;
/** The desk's clock, set by each test that looks at dates (a reference id carries the UTC day). */
let at = new Date('2026-11-21T23:30:00Z');
const clock = { now: () => at };
const policies = { 'return-intake': returnDraftPolicy({ defaultFulfillmentCenter: () => ({ id: 3, name: 'Reno' }), clock }) };
const open = () => new DraftStore(dir, policies, clock);

beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'dockdesk-drafts-')), 'desk', 'local', 'signed-out');
});
afterEach(async () => {
  await rm(join(dir, '..', '..', '..'), { recursive: true, force: true });
});

describe('draft store', () => {
  it('creates a return draft with a generated reference id and the default fulfillment center, and a new store reads it back', async () => {
    const created = await open().save({ kind: 'return-intake', value: { trackingNumber: '1Z999' } });
    const value = created.value as ReturnDraft;
    expect(value.referenceId).toMatch(/^DD-\d{8}-[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(value.fulfillmentCenter).toEqual({ id: 3, name: 'Reno' });
    const again = await open().get(created.id);
    expect(again?.value).toEqual(value);
    expect(again?.revision).toBe(1);
  });

  it("dates a draft and its reference id by the desk's clock: created once, updated on each save and restore", async () => {
    at = new Date('2026-11-21T23:30:00Z');
    const store = open();
    const created = await store.save({ kind: 'return-intake', value: { trackingNumber: '1Z999' } });
    expect((created.value as ReturnDraft).referenceId).toMatch(/^DD-20261121-[0-9A-HJKMNP-TV-Z]{10}$/);
    expect([created.createdAt, created.updatedAt]).toEqual(['2026-11-21T23:30:00.000Z', '2026-11-21T23:30:00.000Z']);
    at = new Date('2026-11-22T00:05:00Z');
    const saved = await store.save({ id: created.id, kind: 'return-intake', value: { ...(created.value as ReturnDraft), trackingNumber: '1Z998' } });
    expect([saved.createdAt, saved.updatedAt]).toEqual(['2026-11-21T23:30:00.000Z', '2026-11-22T00:05:00.000Z']);
    // A new return on the next day carries the next day's date; the first one's id stays as it was.
    const next = await store.save({ kind: 'return-intake', value: {} });
    expect((next.value as ReturnDraft).referenceId).toMatch(/^DD-20261122-/);
    expect((saved.value as ReturnDraft).referenceId).toBe((created.value as ReturnDraft).referenceId);
    at = new Date('2026-11-22T08:00:00Z');
    const restored = await store.restore(saved);
    expect(restored.updatedAt).toBe('2026-11-22T08:00:00.000Z');
  });

  it('coalesces saves made while a write runs, and every resolved save is on disk', async () => {
    const store = open();
    const first = await store.save({ kind: 'wro-create', value: wro('') });
    const saves = Array.from({ length: 40 }, (_, i) => store.save({ id: first.id, kind: 'wro-create', value: wro('x'.repeat(i + 1)) }));
    const results = await Promise.all(saves);
    expect(results.at(-1)?.revision).toBe(41);
    expect((await open().get(first.id))?.value).toEqual(wro('x'.repeat(40)));
  });

  it('refuses a value that does not fit its kind, and one past the size cap, keeping the stored draft', async () => {
    const store = open();
    const d = await store.save({ kind: 'return-intake', value: wro('') });
    await expect(store.save({ id: d.id, kind: 'return-intake', value: { lines: [{ inventoryId: -1 }] } })).rejects.toThrow();
    await expect(
      store.save({
        kind: 'wro-create',
        value: {
          form: {
            ...emptyWroForm(),
            // About 8 MB: 25,000 lines with the longest codes.
            boxes: Array.from({ length: 1000 }, () => ({
              tracking_number: 'x'.repeat(100),
              box_items: Array.from({ length: 25 }, () => ({ ...emptyWroItem(), code: 'y'.repeat(200) })),
            })),
          },
          pendingSince: null,
        },
      }),
    ).rejects.toThrow(/too large/);
    expect((await open().get(d.id))?.revision).toBe(1);
  });

  it('keeps a receiving order of 2,000 lines in 200 boxes (a supplier’s file), and reads it back whole', async () => {
    const store = open();
    const item = { ...emptyWroItem(), code: 'SKU-000123', sku: 'SKU-000123', inventory_id: 123, name: 'Cold-Brew Phone Case, Black', quantity: 12 };
    const form = {
      ...emptyWroForm(),
      boxes: Array.from({ length: 200 }, (_, b) => ({ tracking_number: `1ZBIG${b}`, box_items: Array.from({ length: 10 }, () => item) })),
    };
    const d = await store.save({ kind: 'wro-create', value: { form, pendingSince: null } });
    const back = (await open().get(d.id))?.value as { form: typeof form };
    expect(back.form.boxes).toHaveLength(200);
    expect(back.form.boxes.flatMap((box) => box.box_items)).toHaveLength(2000);
  });

  it('keeps the reference id fixed once a submit was attempted, and keeps main-owned fields', async () => {
    const store = open();
    const d = await store.save({ kind: 'return-intake', value: { referenceId: 'MY-REF-1' } });
    const edited = await store.save({ id: d.id, kind: 'return-intake', value: { ...(d.value as object), referenceId: 'MY-REF-2', submitAttempts: 5 } });
    expect((edited.value as ReturnDraft).referenceId).toBe('MY-REF-2');
    expect((edited.value as ReturnDraft).submitAttempts).toBe(0);
    await store.restore({ ...edited, value: { ...(edited.value as ReturnDraft), submitAttempts: 1 } });
    const refused = await store
      .save({ id: d.id, kind: 'return-intake', value: { ...(edited.value as object), referenceId: 'MY-REF-3' } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppErrorException);
    expect((refused as AppErrorException).appError.message).toMatch(/MY-REF-2 cannot change/);
  });

  it('refuses a save based on an older revision (another window saved since)', async () => {
    const store = open();
    const d = await store.save({ kind: 'wro-create', value: wro('a1') });
    await store.save({ id: d.id, kind: 'wro-create', value: wro('a2'), baseRevision: 1 });
    await expect(store.save({ id: d.id, kind: 'wro-create', value: wro('a3'), baseRevision: 1 })).rejects.toThrow(/changed elsewhere/);
  });

  it('reports a corrupt drafts file once, sets it aside and recovers the previous generation', async () => {
    const store = open();
    const d = await store.save({ kind: 'wro-create', value: wro('step1') });
    await store.save({ id: d.id, kind: 'wro-create', value: wro('step2') });
    const bytes = await readFile(store.path);
    bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 0xff;
    await writeFile(store.path, bytes);

    const reopened = open();
    const list = await reopened.list();
    expect(reopened.problems).toHaveLength(1);
    expect(reopened.problems[0]).toMatch(/drafts\.ddf failed its checksum/);
    expect(list.map((s) => s.id)).toEqual([d.id]);
    expect((await reopened.get(d.id))?.value).toEqual(wro('step1'));
    expect(await readdir(dir)).toContain('drafts.ddf.rejected');
    expect(open().problems).toEqual([]);
    const third = open();
    await third.list();
    expect(third.problems).toEqual([]);
  });

  it('starts empty, and says so, when both generations are unusable', async () => {
    const store = open();
    await store.save({ kind: 'wro-create', value: wro('') });
    await store.save({ kind: 'wro-create', value: wro('') });
    await writeFile(store.path, 'not a drafts file');
    await writeFile(`${store.path}.prev`, 'nor this');
    const reopened = open();
    expect(await reopened.list()).toEqual([]);
    expect(reopened.problems).toHaveLength(2);
    // And it works again afterwards.
    await reopened.save({ kind: 'wro-create', value: wro('fresh') });
    expect(await open().list()).toHaveLength(1);
  });
});
