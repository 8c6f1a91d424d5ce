import type { EmulatorContext } from '../context.js';

interface Entry<T> {
  revision: number;
  items: readonly T[];
}

/**
 * Lists derived from the store (filtered and sorted), kept per query while the store's revision is
 * unchanged. A handful of queries per emulator: one client paging through a list asks the same one
 * hundreds of times; older entries make room for new ones.
 */
export class DerivedLists<T> {
  private readonly byContext = new WeakMap<EmulatorContext, Map<string, Entry<T>>>();

  constructor(private readonly capacity = 8) {}

  get(ctx: EmulatorContext, query: unknown, derive: () => readonly T[]): readonly T[] {
    let entries = this.byContext.get(ctx);
    if (!entries) this.byContext.set(ctx, (entries = new Map<string, Entry<T>>()));
    const key = JSON.stringify(query);
    const revision = ctx.store.revision;
    const hit = entries.get(key);
    if (hit && hit.revision === revision) {
      // Most recently used last, so the first key is the one to drop.
      entries.delete(key);
      entries.set(key, hit);
      return hit.items;
    }
    const items = derive();
    entries.delete(key);
    entries.set(key, { revision, items });
    while (entries.size > this.capacity) entries.delete(entries.keys().next().value!);
    return items;
  }
}
