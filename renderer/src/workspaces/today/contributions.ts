import { paletteActions } from '../../palette/entries';

/**
 * What Today adds to the shared mechanisms: the palette's "Expiring stock" (the stock area's list,
 * by its address). "Today" itself is in the palette as every workspace is. Scans on Today go to the
 * global scan router like everywhere else: Today has no scan field of its own.
 */
paletteActions.add('today', {
  id: 'expiring-stock',
  label: 'Expiring stock',
  detail: 'Lots expiring soon, by expiry',
  href: '#/stock/expiring',
  keywords: 'lots expiry expire expired stock today',
});
