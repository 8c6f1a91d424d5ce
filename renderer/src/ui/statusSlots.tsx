import type { ComponentType } from 'react';
import { useStore } from './store';
import { extensionPoint } from '../workspaces/registry';

/**
 * What an area puts in the status bar (`statusItems` in its contribution file): a component, mounted
 * once in the bar, that shows what it has to say or nothing. `slot` names its place (the element's
 * class and test id; items of one slot sit together) and `order` says where it stands, so the bar
 * lists no area and a new area places its item itself. The desk's own: data freshness 10 ("Inventory
 * as of 14:02"), sync progress 20, the request budget's wait 30, the outbox 40, the shared store 45, the print queue 50.
 */
export interface StatusItem {
  slot: string;
  order: number;
  component: ComponentType;
}

export const statusItems = extensionPoint<StatusItem>('status items');

type Contributed = ReturnType<typeof statusItems.list>[number];

/** The bar's slots, left to right, each with its items: slots by their first item's order. */
export function slotsInOrder(items: readonly Contributed[]): { slot: string; items: Contributed[] }[] {
  const sorted = [...items].sort((a, b) => a.item.order - b.item.order || a.item.slot.localeCompare(b.item.slot));
  return [...new Set(sorted.map((e) => e.item.slot))].map((slot) => ({ slot, items: sorted.filter((e) => e.item.slot === slot) }));
}

/** What the status bar renders: each slot's items, in slot order. */
export function StatusSlots() {
  const items = useStore({ get: statusItems.list, subscribe: statusItems.subscribe });
  return (
    <>
      {slotsInOrder(items).map(({ slot, items: inSlot }) => (
        <span key={slot} className={`slot slot-${slot}`} data-testid={`status-${slot}`}>
          {inSlot.map(({ workspace, item: { component: Item } }) => (
            <Item key={workspace} />
          ))}
        </span>
      ))}
    </>
  );
}
