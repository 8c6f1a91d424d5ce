import type { ComponentType } from 'react';
import { useStore } from './store';
import { extensionPoint } from '../workspaces/registry';

/**
 * The status bar's slots, in their fixed order: data freshness ("Inventory as of 14:02"), sync
 * progress, the request budget's wait, the outbox, the print queue. Areas fill them by contribution (`statusItems`
 * in their contribution file); the item is a component, mounted once in the bar, that shows what
 * it has to say or nothing.
 */
export const STATUS_SLOTS = ['freshness', 'sync', 'budget', 'outbox', 'printing'] as const;
export type StatusSlot = (typeof STATUS_SLOTS)[number];

export interface StatusItem {
  slot: StatusSlot;
  component: ComponentType;
}

export const statusItems = extensionPoint<StatusItem>('status items');

/** What the status bar renders: each slot's items, in slot order. */
export function StatusSlots() {
  const items = useStore({ get: statusItems.list, subscribe: statusItems.subscribe });
  return (
    <>
      {STATUS_SLOTS.map((slot) => {
        const inSlot = items.filter((e) => e.item.slot === slot);
        return inSlot.length > 0 ? (
          <span key={slot} className={`slot slot-${slot}`} data-testid={`status-${slot}`}>
            {inSlot.map(({ workspace, item: { component: Item } }) => (
              <Item key={workspace} />
            ))}
          </span>
        ) : null;
      })}
    </>
  );
}
