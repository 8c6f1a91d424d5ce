import { watch } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { createTestCore, signIn, type TestCore } from '../support/test-core.js';

/**
 * Closing the core (quitting Dockdesk, or the browser host stopping) while it is busy: the account
 * mirror and Today reading the service, and the clerk's drafts being saved. Once close resolves the
 * data folder must be still (a write landing later is a write the process may not live to finish,
 * and it is what kept a test's clean-up from removing the folder), and every save that was answered
 * "stored" must be there when the desk opens again.
 */
const cleanups = cleanupsAfterEach();

/** Every file under the folder with its size and modification time: equal twice means nothing wrote between. */
async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const s = await stat(path).catch(() => null);
    if (s) out[path.slice(dir.length)] = entry.isDirectory() ? 'dir' : `${s.size}:${s.mtimeMs}`;
  }
  return out;
}

/** Resolves when a temporary file of `name` appears under the folder: that store has begun writing. */
function whenWriting(dir: string, name: string): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(dir, { recursive: true }, (_event, file) => {
      if (!file?.includes(`${name}.tmp-`)) return;
      watcher.close();
      resolve();
    });
  });
}

async function busyDesk(): Promise<TestCore> {
  const t = await createTestCore({ mirror: { auto: false, refreshMs: 0, paceMs: 0 } });
  const close = t.core.close.bind(t.core);
  let closed: Promise<void> | null = null;
  // Closed once, by the test or after it.
  t.core.close = () => (closed ??= close());
  cleanups.push(() => t.dispose());
  await signIn(t);
  return t;
}

describe('closing the core while it works', () => {
  it('once close resolves nothing more is written, and every draft answered as saved is there on reopening', async () => {
    // Close at the moment a store begins writing its file (its temporary file appears), and at the start:
    // a write under way at close must end before close resolves.
    for (const during of [null, 'drafts.ddf', 'today.ddf', 'mirror.ddf']) {
      const t = await busyDesk();
      const writing = during === null ? Promise.resolve() : whenWriting(t.dataDir, during);
      const background = [t.core.mirror.refresh().catch(() => null), t.core.dispatch('today.refresh', { force: true })];
      const saves = Array.from({ length: 12 }, (_, i) =>
        t.core.dispatch('drafts.save', { kind: 'return-intake', value: { trackingNumber: `CLOSE-${i}`, lines: [] } }),
      );
      await writing;
      await t.core.close();

      // Whatever was still running when close resolved has settled now: it must not have written.
      const atClose = await tree(t.dataDir);
      const answered = await Promise.all(saves);
      await Promise.all(background);
      expect(await tree(t.dataDir), `files changed after close (closed as ${during ?? 'the work began'} was written)`).toEqual(atClose);

      const stored = answered.flatMap((a) => (a.ok ? [(a.value as { id: string }).id] : []));
      const refused = answered.filter((a) => !a.ok).map((a) => (a.ok ? null : a.error.code));
      // A save after closing began is refused as cancelled, never half-done.
      expect(new Set(refused)).toEqual(new Set(refused.length ? ['cancelled'] : []));

      const again = await createTestCore({ dataDir: t.dataDir, mirror: { auto: false, refreshMs: 0, paceMs: 0 } });
      cleanups.push(() => again.dispose(false));
      await signIn(again);
      const listed = await again.core.dispatch('drafts.list', { kind: 'return-intake' });
      if (!listed.ok) throw new Error(`drafts.list failed: ${listed.error.message}`);
      const ids = new Set((listed.value as { items: { id: string }[] }).items.map((d) => d.id));
      expect(
        stored.filter((id) => !ids.has(id)),
        `saves answered as stored but missing on reopening (closed as ${during ?? 'the work began'} was written)`,
      ).toEqual([]);
    }
  }, 180_000);

  it('a call that arrives after closing began is refused in words, and nothing is done', async () => {
    const t = await busyDesk();
    const closing = t.core.close();
    const late = await t.core.dispatch('drafts.save', { kind: 'return-intake', value: { trackingNumber: 'LATE-1', lines: [] } });
    await closing;
    expect(late.ok).toBe(false);
    if (late.ok) return;
    expect(late.error.code).toBe('cancelled');
    expect(late.error.message).toMatch(/Dockdesk is closing/);
  }, 60_000);
});
