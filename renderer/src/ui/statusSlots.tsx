import { useEffect, type ReactNode } from 'react';
import { createStore, useStore } from './store';

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

const filled = createStore<Filled[]>([]);
let order = 0;

/** Fills a slot until the returned function is called. */
export function fillStatusSlot(slot: StatusSlot, content: ReactNode): () => void {
  const entry: Filled = { slot, content, order: order++ };
  filled.set((all) => [...all, entry]);
  return () => filled.set((all) => all.filter((f) => f !== entry));
}

export function useStatusSlot(slot: StatusSlot, content: ReactNode | null): void {
  useEffect(() => (content === null ? undefined : fillStatusSlot(slot, content)), [slot, content]);
}

/** What the status bar renders: per slot, the newest content. */
export function StatusSlots() {
  const current = useStore(filled);
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
