import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { JournalEntry, JournalState } from '../../areas/journal/common/entry';
import { RecordJournal } from '../../areas/journal/ui';
import { formatCenterTime } from '../../renderer/src/format';
import type { DockdeskBridge } from '../../shared/ipc/contract';
import { removeBridgeAfterEach } from './support/fake-bridge';

/**
 * A record's "Done at this desk" over a small in-page journal: what the clerk reads for each state
 * the journal can be in, and that an entry appended while the page is open shows without a reload.
 * The journal itself (its chain, its file) is the unit and integration tests'.
 */
const HASH = '0'.repeat(64);

function entry(seq: number, what: JournalEntry['what'], answer: JournalEntry['answer'], at = '2026-11-20T14:05:00Z'): JournalEntry {
  return { seq, at, environment: 'local', clerk: null, desk: { id: 'd1', name: 'Bench 1' }, what, answer, prev: HASH, hash: HASH };
}

const created = entry(
  1,
  { kind: 'return.created', record: { kind: 'return', id: '41', reference: 'RMA-41' }, details: { lines: 2, units: 5 } },
  { status: 'done', id: '41', said: null },
);
const refusedCancel = entry(
  2,
  { kind: 'return.cancelled', record: { kind: 'return', id: '41', reference: 'RMA-41' }, details: {} },
  { status: 'refused', id: null, said: [{ id: 'errors.serviceSaid', values: { message: 'Return already arrived' } }] },
  '2026-11-20T15:10:00Z',
);

function journalBridge(state: JournalState, start: JournalEntry[]) {
  let entries = start;
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const bridge: DockdeskBridge = {
    invoke: (channel, input) => {
      if (channel === 'journal.state') return Promise.resolve({ ok: true, value: state as never });
      if (channel === 'journal.forRecord') {
        const { id } = input as { id: string };
        const found = entries.filter((e) => e.what.record?.id === id || e.what.record?.reference === id).reverse();
        return Promise.resolve({ ok: true, value: { entries: found, desk: { id: 'd1', name: 'Bench 1' } } as never });
      }
      return Promise.resolve({ ok: false, error: { code: 'internal', message: `no fake for ${channel}`, retryable: false } });
    },
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const l = listener as (payload: unknown) => void;
      set.add(l);
      return () => set.delete(l);
    },
  };
  /** The core appends an entry and says so, as `journal.recorded`. */
  const append = (e: JournalEntry) => {
    entries = [...entries, e];
    for (const l of listeners.get('journal.recorded') ?? []) l({ record: e.what.record });
  };
  return { bridge, append };
}

removeBridgeAfterEach();

async function show(bridge: DockdeskBridge, when?: (at: string) => string) {
  window.dockdesk = bridge;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await render(
    <QueryClientProvider client={client}>
      <main>
        <button type="button" autoFocus>
          Edit
        </button>
        <RecordJournal kind="return" id="41" reference="RMA-41" when={when} />
      </main>
    </QueryClientProvider>,
  );
  await expect.element(page.getByRole('heading', { level: 2, name: 'Done at this desk' })).toBeVisible();
}

const section = () => page.getByRole('region', { name: 'Done at this desk' });

test("each entry says what was done, when, and the service's answer, newest first; focus stays where the page put it", async () => {
  const { bridge } = journalBridge({ ok: true }, [created, refusedCancel]);
  await show(bridge);
  const items = section().getByRole('listitem');
  await expect.element(items.nth(0)).toHaveTextContent(/Tried to cancel it.*The service refused it\..*Return already arrived/);
  await expect.element(items.nth(1)).toHaveTextContent(/Created with 5 units on 2 lines.*The service confirmed it\./);
  // The desk's one date-time format, in the desk's zone, named.
  await expect.element(items.nth(1)).toHaveTextContent(/Nov 20, 2026/);
  expect(document.activeElement?.textContent).toBe('Edit');
});

test("on a page whose times are its center's, the desk's entries read in that center's zone too", async () => {
  const { bridge } = journalBridge({ ok: true }, [created]);
  // As a return's page says its times: in its center's zone (here Pennsylvania's), named.
  await show(bridge, (at) => formatCenterTime(at, 'America/New_York'));
  // 14:05 UTC on Nov 20 is 9:05 in the morning in New York (EST).
  await expect.element(section().getByRole('listitem')).toHaveTextContent(/Nov 20, 2026, 9:05\sAM EST/);
});

test('a record nothing was done to at this desk says so', async () => {
  const { bridge } = journalBridge({ ok: true }, []);
  await show(bridge);
  await expect.element(section()).toHaveTextContent('Nothing has been done at this desk for this record.');
  await expect.element(section().getByRole('listitem')).not.toBeInTheDocument();
});

test('an entry appended while the page is open shows without a reload', async () => {
  const { bridge, append } = journalBridge({ ok: true }, []);
  await show(bridge);
  await expect.element(section()).toHaveTextContent('Nothing has been done at this desk for this record.');
  append(created);
  await expect.element(section().getByRole('listitem')).toHaveTextContent(/Created with 5 units on 2 lines/);
});

test("a journal that cannot be opened says the desk's record is not available, and the page goes on", async () => {
  const { bridge } = journalBridge({ ok: false, seq: null, how: 'unavailable', said: [{ id: 'journal.state.unavailable' }] }, []);
  await show(bridge);
  await expect.element(section()).toHaveTextContent("the desk's record is not available on this desk");
  await expect.element(page.getByRole('button', { name: 'Edit' })).toBeVisible();
});

test('a journal found altered says so plainly above the entries it still has', async () => {
  const state: JournalState = {
    ok: false,
    seq: 7,
    how: 'changed',
    said: [{ id: 'journal.state.changed', values: { seq: 7 } }, { id: 'journal.state.goesOn' }],
  };
  const { bridge } = journalBridge(state, [created]);
  await show(bridge);
  await expect.element(page.getByTestId('journal-broken')).toHaveTextContent(/tampered with.*entry 7 is not as it was written/);
  await expect.element(section().getByRole('listitem')).toHaveTextContent(/Created with 5 units/);
});

test("another desk's entry (through the store the desks share) names its desk, and the heading says the desks", async () => {
  const atBench2: JournalEntry = {
    ...entry(
      1,
      { kind: 'return.changed', record: { kind: 'return', id: '41', reference: 'RMA-41' }, details: { lines: 2, units: 4 } },
      { status: 'done', id: '41', said: null },
      '2026-11-20T14:30:00Z',
    ),
    desk: { id: 'd2', name: 'Bench 2' },
    clerk: { id: 'c2', name: 'Ola' },
  };
  const { bridge } = journalBridge({ ok: true }, [created, atBench2, refusedCancel]);
  window.dockdesk = bridge;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await render(
    <QueryClientProvider client={client}>
      <RecordJournal kind="return" id="41" reference="RMA-41" />
    </QueryClientProvider>,
  );
  const desks = page.getByRole('region', { name: 'Done at the desks' });
  const items = desks.getByRole('listitem');
  // Newest first across the desks, by time; both entries numbered 1 are shown, each its desk's.
  await expect.element(items.nth(0)).toHaveTextContent(/Tried to cancel it/);
  await expect.element(items.nth(1)).toHaveTextContent(/Changed to 4 units on 2 lines by Ola at Bench 2/);
  await expect.element(items.nth(2)).toHaveTextContent(/Created with 5 units on 2 lines/);
  await expect.element(items.nth(0)).not.toHaveTextContent(/Bench/);
  await expect.element(items.nth(2)).not.toHaveTextContent(/Bench/);
});
