import { paletteActions } from '../../palette/entries';

/**
 * What the stock views add to the shared mechanisms: two palette actions. They read the inventory
 * cache and have no sidebar workspace of their own, so they are listed under Inventory's.
 */
paletteActions.add('inventory', {
  id: 'stock-expiring',
  label: 'Expiring stock',
  detail: 'Lots expiring soon, from the inventory cache',
  href: '#/stock/expiring',
  keywords: 'expiry expired lots exclude stock',
});

paletteActions.add('inventory', {
  id: 'stock-items',
  label: 'Browse all stock',
  detail: 'Every item of the inventory cache, filtered and sorted',
  href: '#/stock/items',
  keywords: 'inventory browser items zero low stock csv',
});
