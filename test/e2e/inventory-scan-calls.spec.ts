import type { Page } from '@playwright/test';
import { expect, signInThroughPopup, test } from './fixtures.js';
import { address, openAddress, results, scan, searchField, toSearch, waitForFirstSync } from './inventory-support.js';

/**
 * What one scan into the Inventory field costs main: the calls the page sends (over the browser host's
 * bridge socket) from the scan until its answer is on screen. The code is looked up once; the
 * answer opens the item or lists the code's matches without asking the cache again.
 */

/** A barcode column cell of 13 digits, read from the results of a search for `text`. */
async function aBarcode(page: Page, text: string): Promise<{ barcode: string; sku: string }> {
  await toSearch(page);
  await page.keyboard.type(text, { delay: 60 });
  const rows = results(page).locator('tbody tr[aria-rowindex]');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) {
    const cells = (await row.getByRole('cell').allInnerTexts()).map((c) => c.trim());
    if (/^\d{13}$/.test(cells[3] ?? '')) return { barcode: cells[3]!, sku: cells[0]! };
  }
  throw new Error(`no item found for "${text}" has a 13-digit barcode`);
}

interface Call {
  channel: string;
  input: Record<string, unknown>;
  /** The page gave it up (`ipc.cancel`): work that typing started and the scan took back. */
  cancelled: boolean;
}

/** Every IPC call the page sends over its bridge socket, and which of them are still unanswered. */
interface Recorder {
  calls: Call[];
  unanswered: Set<number>;
}

/** Records the page's calls from the moment this is called (before the page loads). */
function recordCalls(page: Page): Recorder {
  const recorder: Recorder = { calls: [], unanswered: new Set() };
  const byCallId = new Map<string, Call>();
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/socket')) return;
    socket.on('framesent', ({ payload }) => {
      const message = JSON.parse(String(payload)) as { type?: string; id?: number; callId?: string; channel?: string; input?: Record<string, unknown> };
      if (message.type !== 'call' || !message.channel) return;
      const call: Call = { channel: message.channel, input: message.input ?? {}, cancelled: false };
      recorder.calls.push(call);
      if (message.callId) byCallId.set(message.callId, call);
      if (message.channel === 'ipc.cancel') {
        const given = byCallId.get(String(message.input?.callId));
        if (given) given.cancelled = true;
      }
      if (message.id !== undefined) recorder.unanswered.add(message.id);
    });
    socket.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload)) as { type?: string; id?: number };
      if (message.type === 'result' && message.id !== undefined) recorder.unanswered.delete(message.id);
    });
  });
  return recorder;
}

/** Until every call the page made has its answer: what came before is not counted as what follows. */
async function quiet(recorder: Recorder): Promise<void> {
  await expect.poll(() => recorder.unanswered.size).toBe(0);
}

/**
 * The page's calls made while `run` runs and until `done` holds of them with every call answered:
 * a call that follows an answer (a search after a lookup found nothing) counts too.
 */
async function callsDuring(recorder: Recorder, run: () => Promise<void>, done: (calls: Call[]) => boolean): Promise<Call[]> {
  const from = recorder.calls.length;
  await run();
  await expect.poll(() => recorder.unanswered.size === 0 && done(recorder.calls.slice(from)), { timeout: 10_000 }).toBe(true);
  return recorder.calls.slice(from);
}

/**
 * The calls made for the scanned code and carried through: a lookup of it, a search for it. On a
 * loaded machine the scan detector may let a scan's keys into the field as typing before it takes
 * them back (all of them, when the scanner's Enter comes late); the lookups and searches that typing
 * started are typing's, and the page cancels them when it takes the keys back. The item view's own
 * reads are its own.
 */
const callsFor = (calls: Call[], code: string) =>
  calls
    .filter((c) => !c.cancelled)
    .filter((c) => (c.channel === 'inventory.lookup' && c.input.code === code) || (c.channel === 'inventory.search' && c.input.q === code))
    .map((c) => c.channel);
const listed = (calls: Call[]) => calls.map((c) => `${c.channel} ${JSON.stringify(c.input)}${c.cancelled ? ' (cancelled)' : ''}`).join(', ');

test('a scan into the Inventory field that names an item opens it with one lookup', async ({ page, host }) => {
  const recorded = recordCalls(page);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
  const { barcode } = await aBarcode(page, 'org');
  // The typed search settles first (the address follows the field 250 ms after the last key), so
  // none of its answers is counted as the scan's. Inventory's own address then opens it afresh (Alt+3
  // on the view shown only focuses its field): field empty.
  await expect.poll(() => address(page)).toBe('/inventory?q=org');
  await openAddress(page, '#/inventory');
  await toSearch(page);
  await expect.poll(() => address(page)).toBe('/inventory');
  await quiet(recorded);

  const calls = await callsDuring(
    recorded,
    async () => {
      await scan(page, barcode);
      await expect(page.getByTestId('scan-cue')).toContainText(`Scan accepted ${barcode}`);
      await expect.poll(() => address(page)).toMatch(/^\/inventory\/items\/\d+$/);
    },
    // The search view is gone once the item opens (its given-up calls cancelled as it went, before
    // the item view's own read), so nothing of its typing can follow.
    (c) => callsFor(c, barcode).includes('inventory.lookup') && c.some((x) => x.channel === 'inventory.item'),
  );
  console.log(`IPC calls for one scan that opens an item: ${listed(calls)}`);
  expect(callsFor(calls, barcode)).toEqual(['inventory.lookup']);
});

test('a scan into the Inventory field that names no item is refused with one lookup; the names containing it are searched once', async ({ page, host }) => {
  const unknown = '4006381333931';
  const recorded = recordCalls(page);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
  await toSearch(page);
  await quiet(recorded);

  const calls = await callsDuring(
    recorded,
    async () => {
      await scan(page, unknown);
      await expect(page.getByText(`No item has the code ${unknown}`)).toBeVisible();
      await expect(searchField(page)).toHaveValue(unknown);
    },
    // The names are searched once the lookup has found no item.
    (c) => callsFor(c, unknown).includes('inventory.search'),
  );
  console.log(`IPC calls for one scan that names no item: ${listed(calls)}`);
  expect(callsFor(calls, unknown)).toEqual(['inventory.lookup', 'inventory.search']);
});
