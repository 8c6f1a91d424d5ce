import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelInput, ChannelOutput } from '../../shared/ipc/contract.js';
import { createTestCore, emulatorControl, signIn, type TestCore } from '../support/test-core.js';

/**
 * The returns list as the clerk filters it, against the real emulator: the address's words go to main
 * as they stand and come back as the service's answer. The expectations are read from the emulator's
 * own records, not from the desk.
 */
type Seeded = { id: number; reference_id: string; status: string; insert_date: string; fulfillment_center: { id: number }; tracking_number?: string | null };

let t: TestCore;
let seeded: Seeded[];

async function list(input: ChannelInput<'returns.list'>): Promise<ChannelOutput<'returns.list'>> {
  const r = await t.core.dispatch('returns.list', input);
  if (!r.ok) throw new Error(r.error.message);
  return r.value as ChannelOutput<'returns.list'>;
}

const localDay = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

beforeAll(async () => {
  t = await createTestCore();
  await signIn(t);
  seeded = ((await emulatorControl(t, 'GET', '/data/returns')) as { items: Seeded[] }).items;
}, 60_000);
afterAll(async () => t?.dispose());

describe('the returns list', () => {
  it('pages the whole list newest first, and oldest first when the address says dir=asc', async () => {
    const first = await list({ limit: 5, cursor: null });
    expect(first.items).toHaveLength(Math.min(5, seeded.length));
    const times = first.items.map((r) => Date.parse(r.insert_date!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const oldest = await list({ dir: 'asc', limit: 5, cursor: null });
    const earliest = Math.min(...seeded.map((r) => Date.parse(r.insert_date)));
    expect(Date.parse(oldest.items[0]!.insert_date!)).toBe(earliest);
  });

  it('filters by status, center and whole local days created, as the address names them', async () => {
    const sample = seeded[0]!;
    const day = localDay(sample.insert_date);
    const expected = seeded
      .filter((r) => r.status === sample.status && r.fulfillment_center.id === sample.fulfillment_center.id && localDay(r.insert_date) === day)
      .map((r) => r.id)
      .sort((a, b) => a - b);
    const answer = await list({ status: sample.status as never, fc: sample.fulfillment_center.id, from: day, to: day, limit: 250, cursor: null });
    expect(answer.items.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected);
    expect(expected).toContain(sample.id);
  });

  it('finds by reference id or tracking number on one page, with the other filters still applied', async () => {
    const sample = seeded.find((r) => r.tracking_number) ?? seeded[0]!;
    const byReference = await list({ q: sample.reference_id, limit: 50, cursor: null });
    expect(byReference).toMatchObject({ next: null });
    expect(byReference.items.map((r) => r.id)).toContain(sample.id);
    if (sample.tracking_number) expect((await list({ q: sample.tracking_number, limit: 50, cursor: null })).items.map((r) => r.id)).toContain(sample.id);
    const otherStatus = seeded.find((r) => r.status !== sample.status)!.status;
    expect((await list({ q: sample.reference_id, status: otherStatus as never, limit: 50, cursor: null })).items).toEqual([]);
  });

  it('refuses an address part main cannot read, naming it', async () => {
    const r = await t.core.dispatch('returns.list', { from: '2026-13-01', limit: 5, cursor: null });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(Object.keys((r as { error: { fieldErrors?: object } }).error.fieldErrors ?? {})).toContain('from');
  });
});
