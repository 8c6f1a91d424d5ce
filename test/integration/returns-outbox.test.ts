import { cp, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReturnDraft, ReturnDraftInput } from '../../shared/schemas/return-draft.js';
import { englishOfSaid } from '../../electron/core/words.js';
import { deskOn, StoppableService, value, waitForEntry, type TestCore } from '../support/returns-desk.js';

/**
 * Return drafts and the outbox against the real emulator over HTTP: the outbox never loses and never
 * duplicates a return, offline, after a dropped answer, after a crash; the service's refusals come
 * back onto the draft's lines; cancel only while AwaitingArrival.
 */
let service: StoppableService;
const cores: TestCore[] = [];
let plain: { id: number; sku: string }[] = [];
let digital: { id: number; sku: string };

beforeAll(async () => {
  service = await StoppableService.start();
  const inventory = await service.emulator!.control.data('inventory');
  plain = inventory
    .filter((i) => !i.is_digital && !i.is_bundle && !i.is_lot && i.is_active)
    .slice(0, 3)
    .map((i) => ({ id: i.inventory_id, sku: i.sku }));
  const d = inventory.find((i) => i.is_digital)!;
  digital = { id: d.inventory_id, sku: d.sku };
});
afterAll(async () => {
  for (const t of cores) await t.dispose().catch(() => {});
  await service.down();
});

async function desk(dataDir?: string): Promise<TestCore> {
  const t = await deskOn(service, dataDir);
  cores.push(t);
  return t;
}

async function draftWith(t: TestCore, over: ReturnDraftInput = {}): Promise<{ id: string; value: ReturnDraft }> {
  const record = value<'drafts.save'>(
    await t.core.dispatch('drafts.save', {
      kind: 'return-intake',
      value: {
        trackingNumber: `1Z${Math.random().toString().slice(2, 14)}`,
        fulfillmentCenter: { id: (await service.emulator!.control.data('fulfillmentCenters'))[0]!.id, name: null },
        lines: [
          { inventoryId: plain[0]!.id, sku: plain[0]!.sku, quantity: 2 },
          { inventoryId: plain[1]!.id, sku: plain[1]!.sku, quantity: 1, requestedAction: 'Quarantine' },
        ],
        ...over,
      },
    }),
  );
  return { id: record.id, value: record.value as ReturnDraft };
}

describe('returns outbox against the emulator', () => {
  it('submit: exactly one return with the expected lines, the draft gone, a sent event', async () => {
    const t = await desk();
    const draft = await draftWith(t);
    const entry = value<'returns.submit'>(await t.core.dispatch('returns.submit', { draftId: draft.id }));
    expect(entry).toMatchObject({ referenceId: draft.value.referenceId, lineCount: 2, unitCount: 3 });
    const sent = await waitForEntry(t, (e) => e.id === draft.id && e.state === 'sent');
    const onService = await service.returnsWithReference(draft.value.referenceId);
    expect(onService).toHaveLength(1);
    expect(onService[0]!.id).toBe(sent.returnId);
    expect(onService[0]!.inventory.map((l) => [l.id, l.quantity, l.action_requested.action_type])).toEqual([
      [plain[0]!.id, 2, 'InventoryDefault'],
      [plain[1]!.id, 1, 'Override'],
    ]);
    expect(onService[0]!.inventory[1]!.action_requested.action).toBe('Quarantine');
    expect(await t.waitForEvent('outbox.sent', (p) => p.id === draft.id)).toMatchObject({
      returnId: sent.returnId,
      referenceId: draft.value.referenceId,
      queued: false,
    });
    expect(value<'drafts.list'>(await t.core.dispatch('drafts.list', {})).items.map((d) => d.id)).not.toContain(draft.id);
  });

  it('refuses a draft breaking spec 4.8 before anything is sent, naming the line', async () => {
    const t = await desk();
    const draft = await draftWith(t, { lines: [{ inventoryId: digital.id, sku: digital.sku, item: { digital: true } }] });
    const result = await t.core.dispatch('returns.submit', { draftId: draft.id });
    expect(result).toMatchObject({ ok: false, error: { code: 'validation', fieldErrors: { 'lines.0.inventoryId': [expect.stringMatching(/digital item/)] } } });
    expect(await service.returnsWithReference(draft.value.referenceId)).toHaveLength(0);
    expect(value<'drafts.get'>(await t.core.dispatch('drafts.get', { id: draft.id })).id).toBe(draft.id);
  });

  it('422 from the service: the draft comes back with the message on the line', async () => {
    const t = await desk();
    // The desk's facts about the item are stale (the cache said not digital); the service knows better.
    const draft = await draftWith(t, {
      lines: [
        { inventoryId: plain[0]!.id, quantity: 1 },
        { inventoryId: digital.id, sku: digital.sku, quantity: 1 },
      ],
    });
    value(await t.core.dispatch('returns.submit', { draftId: draft.id }));
    const returned = await t.waitForEvent('outbox.returned', (p) => p.draftId === draft.id, 20_000);
    // The desk's sentence crosses as its message id too, for the clerk's language; the service's words stay on the lines.
    expect(returned.said).toEqual([{ id: 'errors.api.validation' }]);
    expect(englishOfSaid(returned.said)).toBe('The service refused the input.');
    const back = value<'drafts.get'>(await t.core.dispatch('drafts.get', { id: draft.id })).value as ReturnDraft;
    expect(back.lines[0]!.messages).toEqual([]);
    expect(back.lines[1]!.messages).toEqual([expect.stringMatching(/digital item and cannot be returned/)]);
    expect(back.referenceId).toBe(draft.value.referenceId);
    expect(value<'outbox.list'>(await t.core.dispatch('outbox.list', {})).status.pending).toBe(0);
  });

  it('offline: queued with the count visible, sent once when the service is back', async () => {
    const t = await desk();
    const draft = await draftWith(t);
    await service.down();
    try {
      value(await t.core.dispatch('returns.submit', { draftId: draft.id }));
      const waiting = await waitForEntry(t, (e) => e.id === draft.id && e.state === 'waiting');
      expect(englishOfSaid(waiting.said!)).toMatch(/Offline/);
      expect(waiting.said).toEqual([{ id: 'errors.outbox.offline' }]);
      const status = await t.waitForEvent('outbox.changed', (s) => s.pending === 1 && s.waitingSaid !== null);
      expect(englishOfSaid(status.waitingSaid!)).toMatch(/sent when the connection is back/);
      expect(status.waitingSaid).toEqual([{ id: 'errors.outbox.offline' }]);
    } finally {
      await service.up();
    }
    await waitForEntry(t, (e) => e.id === draft.id && e.state === 'sent');
    expect(await service.returnsWithReference(draft.value.referenceId)).toHaveLength(1);
    const sent = await t.waitForEvent('outbox.sent', (p) => p.id === draft.id);
    expect(sent.queued).toBe(true);
  });

  it('a dropped answer after the service accepted the return: still exactly one', async () => {
    const t = await desk();
    const draft = await draftWith(t);
    await service.control('PUT', '/faults', { dropResponseRate: 1, seed: 1 });
    try {
      value(await t.core.dispatch('returns.submit', { draftId: draft.id }));
      const unknown = await waitForEntry(t, (e) => e.id === draft.id && e.state === 'waiting', 60_000);
      expect(unknown.outcomeUnknown).toBe(true);
      expect((await service.emulator!.control.data('returns')).filter((r) => r.reference_id === draft.value.referenceId)).toHaveLength(1);
    } finally {
      await service.control('DELETE', '/faults');
    }
    await waitForEntry(t, (e) => e.id === draft.id && e.state === 'sent', 30_000);
    expect(await service.returnsWithReference(draft.value.referenceId)).toHaveLength(1);
  }, 120_000);

  it('the service failing (503): why it waits is said once, in the desk’s words, and it goes when the service recovers', async () => {
    const t = await desk();
    const draft = await draftWith(t);
    await service.control('PUT', '/faults', { errorRate: 1, seed: 3 });
    try {
      value(await t.core.dispatch('returns.submit', { draftId: draft.id }));
      const waiting = await waitForEntry(t, (e) => e.id === draft.id && e.state === 'waiting', 60_000);
      expect(englishOfSaid(waiting.said!)).toBe('Not sent yet: the service is having a problem. It is tried again automatically.');
      expect(englishOfSaid(waiting.said!)).not.toMatch(/Retry later|Injected/);
      expect(waiting.said).toEqual([{ id: 'errors.outbox.serviceProblem' }]);
    } finally {
      await service.control('DELETE', '/faults');
    }
    await waitForEntry(t, (e) => e.id === draft.id && e.state === 'sent', 30_000);
    expect(await service.returnsWithReference(draft.value.referenceId)).toHaveLength(1);
  }, 120_000);

  it('a crash mid-submit (the outbox on disk, a new core): sent once', async () => {
    const a = await desk();
    const draft = await draftWith(a);
    await service.control('PUT', '/faults', { dropResponseRate: 1, seed: 2 });
    // Only this return's create may count below: an earlier test's dropped create is in the log too.
    await service.control('DELETE', '/requests');
    let crashed: string;
    try {
      value(await a.core.dispatch('returns.submit', { draftId: draft.id }));
      // The moment the service has taken the return and its answer is lost, copy the data folder: what a crash leaves on disk.
      await waitForEntry(a, (e) => e.id === draft.id && e.state === 'sending' && e.outcomeUnknown, 20_000);
      await vi.waitFor(
        async () => {
          const { items } = (await service.control('GET', '/requests')) as { items: { method: string; path: string; fault: string | null }[] };
          if (!items.some((r) => r.method === 'POST' && r.path === '/2026-07/return' && r.fault === 'drop-response'))
            throw new Error('the create never reached the service');
        },
        { timeout: 10_000, interval: 25 },
      );
      crashed = await mkdtemp(join(tmpdir(), 'dockdesk-crashed-'));
      for (const name of await readdir(a.dataDir)) if (name !== 'emulator') await cp(join(a.dataDir, name), join(crashed, name), { recursive: true });
      await a.dispose();
      cores.splice(cores.indexOf(a), 1);
    } finally {
      await service.control('DELETE', '/faults');
    }
    expect((await service.emulator!.control.data('returns')).filter((r) => r.reference_id === draft.value.referenceId)).toHaveLength(1);
    const b = await desk(crashed!);
    await waitForEntry(b, (e) => e.id === draft.id && e.state === 'sent', 30_000);
    expect(await service.returnsWithReference(draft.value.referenceId)).toHaveLength(1);
  }, 120_000);

  it('quitting while a return waits its turn in the request budget: the desk closes at once, and the next start sends it once', async () => {
    await service.control('PUT', '/rate-limit', { enabled: true, perMinute: 10 });
    try {
      const a = await desk();
      const budget = a.core.environments.active.api.budget;
      // The clerk spends the whole window (the sync leaves the reserve for exactly this).
      for (let i = 0; (budget.state().serviceRemaining ?? 1) > 0; i++) {
        if (i > 20) throw new Error(`the window never ran out: ${JSON.stringify(budget.state())}`);
        value(await a.core.dispatch('receiving.list', { page: 1, limit: 1 }));
      }
      const draft = await draftWith(a);
      value(await a.core.dispatch('returns.submit', { draftId: draft.id }));
      await vi.waitFor(
        () => {
          if (budget.state().waiting.interactive === 0) throw new Error(`the return never waited for the budget: ${JSON.stringify(budget.state())}`);
        },
        { timeout: 5_000, interval: 25 },
      );
      const started = performance.now();
      await a.dispose(false);
      cores.splice(cores.indexOf(a), 1);
      // Not the rest of the minute the window would take to free.
      expect(performance.now() - started).toBeLessThan(5_000);
      await service.control('PUT', '/rate-limit', { enabled: false });
      const b = await desk(a.dataDir);
      await waitForEntry(b, (e) => e.id === draft.id && e.state === 'sent', 30_000);
      expect(await service.returnsWithReference(draft.value.referenceId)).toHaveLength(1);
    } finally {
      await service.control('PUT', '/rate-limit', { enabled: false });
    }
  }, 120_000);

  it('a corrupt drafts file is reported, set aside, and the previous generation recovered', async () => {
    const t = await desk();
    const first = await draftWith(t, { trackingNumber: 'FIRST' });
    value(await t.core.dispatch('drafts.save', { id: first.id, kind: 'return-intake', value: { ...first.value, trackingNumber: 'SECOND' } }));
    const dataDir = t.dataDir;
    await t.dispose(false);
    cores.splice(cores.indexOf(t), 1);
    const deskDir = join(dataDir, 'desk');
    const [env] = await readdir(deskDir);
    const accounts = await readdir(join(deskDir, env!));
    const file = join(
      deskDir,
      env!,
      accounts.find((a) => a !== 'signed-out')!,
      'drafts.ddf',
    );
    const bytes = await readFile(file);
    bytes[bytes.length - 5] = bytes[bytes.length - 5]! ^ 0x40;
    await writeFile(file, bytes);

    const again = await desk(dataDir);
    const list = value<'drafts.list'>(await again.core.dispatch('drafts.list', {}));
    expect(list.problems).toEqual([expect.stringMatching(/failed its checksum/)]);
    expect(list.items.map((d) => d.id)).toContain(first.id);
    expect((value<'drafts.get'>(await again.core.dispatch('drafts.get', { id: first.id })).value as ReturnDraft).trackingNumber).toBe('FIRST');
  });

  it('cancel works while AwaitingArrival and is refused, with the reason, once the clock moves it on', async () => {
    const t = await desk();
    const one = await draftWith(t);
    const two = await draftWith(t, { lines: [{ inventoryId: plain[2]!.id, quantity: 1 }] });
    value(await t.core.dispatch('returns.submit', { draftId: one.id }));
    value(await t.core.dispatch('returns.submit', { draftId: two.id }));
    const sentOne = await waitForEntry(t, (e) => e.id === one.id && e.state === 'sent');
    const sentTwo = await waitForEntry(t, (e) => e.id === two.id && e.state === 'sent');

    const detail = value<'returns.get'>(await t.core.dispatch('returns.get', { id: sentOne.returnId! }));
    expect(detail.changeable).toEqual({ allowed: true, reason: null });
    const cancelled = value<'returns.cancel'>(await t.core.dispatch('returns.cancel', { id: sentOne.returnId! }));
    expect(cancelled.record.status).toBe('Cancelled');
    expect(cancelled.changeable.allowed).toBe(false);

    await service.control('POST', '/clock/advance', { seconds: 25 * 3600 });
    const arrived = value<'returns.get'>(await t.core.dispatch('returns.get', { id: sentTwo.returnId! }));
    expect(arrived.record.status).toBe('Arrived');
    expect(arrived.changeable).toEqual({ allowed: false, reason: 'withWarehouse' });
    expect(await t.core.dispatch('returns.cancel', { id: sentTwo.returnId! })).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: expect.stringMatching(/cannot be cancelled: the warehouse already has the box/) },
    });
    expect(await t.core.dispatch('returns.edit', { id: sentTwo.returnId! })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect((await service.returnsWithReference(two.value.referenceId))[0]!.status).toBe('Arrived');
  });

  it('Next box keeps the order context; edit sends the change through the outbox; look-ups find the return', async () => {
    const t = await desk();
    const order = { orderId: 1, referenceId: 'ORD-1', orderNumber: '1001', shipments: [{ id: 77, trackingNumber: null, fulfillmentCenter: null }] };
    const first = await draftWith(t, { order, originalShipmentId: 77 });
    const next = value<'returns.nextBox'>(await t.core.dispatch('returns.nextBox', { draftId: first.id }));
    const fresh = next.draft.value as ReturnDraft;
    expect(fresh).toMatchObject({ order, originalShipmentId: 77, fulfillmentCenter: first.value.fulfillmentCenter, trackingNumber: '', lines: [] });
    expect(fresh.referenceId).not.toBe(first.value.referenceId);
    const sent = await waitForEntry(t, (e) => e.id === first.id && e.state === 'sent');

    const byReference = value<'returns.lookup'>(await t.core.dispatch('returns.lookup', { referenceId: first.value.referenceId }));
    expect(byReference.items.map((r) => r.id)).toEqual([sent.returnId]);
    const byTracking = value<'returns.lookup'>(await t.core.dispatch('returns.lookup', { trackingNumber: first.value.trackingNumber }));
    expect(byTracking.items.map((r) => r.id)).toEqual([sent.returnId]);

    const edit = value<'returns.edit'>(await t.core.dispatch('returns.edit', { id: sent.returnId! }));
    const editing = edit.value as ReturnDraft;
    expect(editing).toMatchObject({ editOf: sent.returnId, referenceId: first.value.referenceId });
    expect(await t.core.dispatch('drafts.save', { id: edit.id, kind: 'return-intake', value: { ...editing, referenceId: 'OTHER' } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    value(
      await t.core.dispatch('drafts.save', {
        id: edit.id,
        kind: 'return-intake',
        value: { ...editing, lines: editing.lines.map((l, i) => (i === 0 ? { ...l, quantity: 5 } : l)) },
      }),
    );
    const change = value<'returns.submit'>(await t.core.dispatch('returns.submit', { draftId: edit.id }));
    expect(change.operation).toBe('update');
    await waitForEntry(t, (e) => e.id === edit.id && e.state === 'sent');
    const onService = await service.returnsWithReference(first.value.referenceId);
    expect(onService).toHaveLength(1);
    expect(onService[0]!.inventory[0]!.quantity).toBe(5);
  });

  it('finds the original order by the reference on its packing slip, with its shipments', async () => {
    const t = await desk();
    const seeded = (await service.emulator!.control.data('orders')).find((o) => o.reference_id && o.shipments.length > 0)!;
    const found = value<'returns.findOrder'>(await t.core.dispatch('returns.findOrder', { reference: seeded.reference_id! }));
    expect(found.orders).toHaveLength(1);
    expect(found.orders[0]).toMatchObject({ orderId: seeded.id, referenceId: seeded.reference_id });
    expect(found.orders[0]!.shipments.map((s) => s.id)).toEqual(seeded.shipments.map((s) => s.id));
    expect(value<'returns.findOrder'>(await t.core.dispatch('returns.findOrder', { reference: String(seeded.id) })).orders.map((o) => o.orderId)).toEqual([
      seeded.id,
    ]);
    expect(value<'returns.findOrder'>(await t.core.dispatch('returns.findOrder', { reference: 'NO-SUCH-ORDER' })).orders).toEqual([]);
  });
});
