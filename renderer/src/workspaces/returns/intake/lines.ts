import type { ReturnDraft, ReturnDraftLine } from '../../../../../shared/schemas/return-draft';
import type { CachedItem } from '../../../../../shared/schemas/inventory-cache';
import type { ScanReading } from '../../../../../shared/ipc/inventory';
import { itemRefusal } from '../../../../../shared/returns/rules';

/**
 * What an item scan does to the return in progress, as a pure step (the view and the unit tests run
 * the same code): refused (spec 4.8 rule 2), merged into the item's line (rule 1: an item once per
 * return), or a new line with the item's facts, the GS1 lot and expiry, and the item's own return
 * preference as its action.
 */
export type ItemScanOutcome =
  { verdict: 'refused'; message: string } | { verdict: 'accepted' | 'merged'; draft: ReturnDraft; line: number; message: string; needsLot: boolean };

export function itemLabel(item: Pick<CachedItem, 'sku' | 'name' | 'inventoryId'>): string {
  if (!item.sku) return `Item ${item.inventoryId}`;
  return item.name ? `${item.name} (${item.sku})` : item.sku;
}

/** `foundOnline`: the item came from the service, not the item cache (a new line is marked so). */
export function applyItemScan(
  draft: ReturnDraft,
  item: CachedItem,
  reading: ScanReading | null,
  foundOnline = false,
  preference: string | null = null,
): ItemScanOutcome {
  const label = itemLabel(item);
  const refusal = itemRefusal(item.flags, label);
  if (refusal) return { verdict: 'refused', message: refusal };
  // A lot and expiry belong only to a lot-tracked item: on another one the label's lot is said, not kept.
  const lotTracked = item.flags.lot;
  const lot = lotTracked ? (reading?.lot ?? null) : null;
  const expiry = lotTracked ? (reading?.expiry ?? null) : null;
  const ignored = !lotTracked && reading?.lot ? ` Its label carries lot ${reading.lot}, but ${label} is not lot-tracked: the lot is not kept.` : '';
  const at = draft.lines.findIndex((l) => l.inventoryId === item.inventoryId);
  if (at >= 0) {
    const line = draft.lines[at]!;
    if (lot && line.lotNumber && lot !== line.lotNumber) {
      return {
        verdict: 'refused',
        message: `${label} is already on line ${at + 1} with lot ${line.lotNumber}; this one is lot ${lot}. An item appears once per return (spec 4.8 rule 1): put the other lot in its own box.`,
      };
    }
    const merged: ReturnDraftLine = {
      ...line,
      quantity: line.quantity + 1,
      lotNumber: line.lotNumber ?? lot,
      expiry: line.expiry ?? expiry,
    };
    const lines = draft.lines.map((l, i) => (i === at ? merged : l));
    return {
      verdict: 'merged',
      draft: { ...draft, lines },
      line: at,
      message: `${label}: quantity ${merged.quantity} on line ${at + 1}.${ignored}`,
      needsLot: item.flags.lot && !merged.lotNumber,
    };
  }
  const line: ReturnDraftLine = {
    inventoryId: item.inventoryId,
    sku: item.sku,
    name: item.name,
    quantity: 1,
    lotNumber: lot,
    expiry,
    requestedAction: 'Default',
    preference,
    item: { lot: item.flags.lot, digital: item.flags.digital, bundle: item.flags.bundle },
    foundOnline,
    messages: [],
  };
  const needsLot = item.flags.lot && !lot;
  return {
    verdict: 'accepted',
    draft: { ...draft, lines: [...draft.lines, line] },
    line: draft.lines.length,
    message: `${label} added as line ${draft.lines.length + 1}.${needsLot ? ' It is lot-tracked: scan or type its lot number.' : ''}${ignored}`,
    needsLot,
  };
}

/** Control characters a scanner sends (GS, RS, EOT) and surrounding blanks taken off a tracking number or lot. */
export function plainScanText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\x00-\x1f\x7f]/g, '').trim();
}
