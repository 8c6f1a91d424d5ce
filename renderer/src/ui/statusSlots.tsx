import { useEffect, useSyncExternalStore, type ReactNode } from 'react';

/**
 * Slots in the status bar that later features fill: data freshness ("inventory as of 14:02"), sync
 * progress and the outbox count. A view calls `useStatusSlot('freshness', 'Inventory as of 14:02')`
 * while mounted; the bar shows the newest content per slot, in a fixed order.
 */
export const STATUS_SLOTS = ['freshness', 'sync', 'budget', 'outbox'] as const;
export type StatusSlot = (typeof STATUS_SLOTS)[number];

interface Filled {
  slot: StatusSlot;
  content: ReactNode;
  order: number;
}

let filled: Filled[] = [];
let order = 0;
const listeners = new Set<() => void>();

/** Fills a slot until the returned function is called. */
export function fillStatusSlot(slot: StatusSlot, content: ReactNode): () => void {
  const entry: Filled = { slot, content, order: order++ };
  filled = [...filled, entry];
  listeners.forEach((l) => l());
  return () => {
    filled = filled.filter((f) => f !== entry);
    listeners.forEach((l) => l());
  };
}

export function useStatusSlot(slot: StatusSlot, content: ReactNode | null): void {
  useEffect(() => (content === null ? undefined : fillStatusSlot(slot, content)), [slot, content]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the status bar renders: per slot, the newest content. */
export function StatusSlots() {
  const current = useSyncExternalStore(subscribe, () => filled);
  return (
    <>
      {STATUS_SLOTS.map((slot) => {
        const newest = current.filter((f) => f.slot === slot).sort((a, b) => b.order - a.order)[0];
        return newest ? (
          <span key={slot} className={`slot slot-${slot}`} data-testid={`status-${slot}`}>
            {newest.content}
          </span>
        ) : null;
      })}
    </>
  );
}
