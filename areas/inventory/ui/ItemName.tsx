import { useQuery } from '@tanstack/react-query';
import { useAccountKey } from '../../../renderer/src/app/accountKey';
import { useT } from '../../../renderer/src/i18n/useT';
import { inventoryQueries } from './queries';

export interface ItemNaming {
  sku: string;
  name: string;
}

/**
 * Names and SKUs, from the inventory cache, for the items a view knows only by inventory id (box
 * contents, return lines). An id the cache lacks stays out of the map and is shown as an id.
 */
export function useItemNames(inventoryIds: readonly number[]): ReadonlyMap<number, ItemNaming> {
  const account = useAccountKey();
  const ids = [...new Set(inventoryIds)].sort((a, b) => a - b);
  const names = useQuery({ ...inventoryQueries.names(account, ids), enabled: ids.length > 0 });
  return new Map((names.data ?? []).map((n) => [n.inventoryId, { sku: n.sku, name: n.name }]));
}

/**
 * An item as a clerk reads it: its name, then its SKU; the inventory id is on hover. Without a
 * name (the cache has not seen it) the SKU, or failing that the id, says which item it is.
 */
export function ItemName({ inventoryId, naming, sku }: { inventoryId: number; naming: ItemNaming | undefined; sku?: string | null }) {
  const shownSku = naming?.sku ?? sku ?? null;
  const { t } = useT();
  return (
    <span className="item-name" title={t('inventory.item.idTitle', { id: inventoryId })} data-inventory-id={inventoryId}>
      {naming ? (
        <>
          {naming.name} <span className="muted whole">({shownSku})</span>
        </>
      ) : shownSku ? (
        shownSku
      ) : (
        t('inventory.item.heading', { id: inventoryId })
      )}
    </span>
  );
}
