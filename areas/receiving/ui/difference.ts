import type { Difference } from '../common/difference';
import { formatDay } from '../../../renderer/src/format';
import type { Translate } from '../../../renderer/src/i18n/useT';

/**
 * An order's or an item's difference in the desk's one vocabulary ("6 short · 15 other lot
 * or expiry"): Today's tile, the receiving list's marker, the order's page and the report all say it
 * with this, from the one computation in areas/receiving/common/difference.ts. Empty when nothing differs.
 */
export function differenceSaid(t: Translate, d: Difference): string {
  return [
    d.short > 0 ? t('receiving.diff.short', { count: d.short }) : null,
    d.over > 0 ? t('receiving.diff.over', { count: d.over }) : null,
    d.otherLot ? t('receiving.diff.otherLot', { count: d.otherLot }) : null,
  ]
    .filter((part) => part !== null)
    .join(' · ');
}

/** The class a difference's cell takes: short and under another lot read as a shortfall, over as over. */
export const differenceTone = (d: Difference): 'under' | 'over' | undefined =>
  d.short > 0 || (d.otherLot ?? 0) > 0 ? 'under' : d.over > 0 ? 'over' : undefined;

/** A lot and its expiry day as the report and the order's page both name them ("lot L-1, expires Mar 31, 2027"). */
export function lotWords(t: Translate, lot: string | null, expiry: string | null): string {
  return t('receiving.disc.lotExpiry', {
    hasLot: lot ? 'yes' : 'no',
    lot: lot ?? '',
    hasExpiry: expiry ? 'yes' : 'no',
    expiry: expiry ? formatDay(expiry) : '',
  });
}
