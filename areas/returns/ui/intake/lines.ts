import type { ReturnDraft, ReturnDraftLine } from '../../../../shared/schemas/return-draft';
import type { CachedItem } from '../../../../shared/schemas/inventory-cache';
import type { ScanReading } from '../../../inventory/common/ipc';
import { itemRefusal, type DraftProblem, type RuleText } from '../../common/rules';
import type { Translate } from '../../../../renderer/src/i18n/useT';

/**
 * What an item scan does to the return in progress, as a pure step (the view and the unit tests run
 * the same code): refused (spec 4.8 rule 2), merged into the item's line (rule 1: an item once per
 * return), or a new line with the item's facts, the GS1 lot and expiry, and the item's own return
 * preference as its action.
 */
export type ItemScanOutcome =
  { verdict: 'refused'; message: string } | { verdict: 'accepted' | 'merged'; draft: ReturnDraft; line: number; message: string; needsLot: boolean };

/** A problem shown on the return: the rules' own (an id and its arguments), or main's refusal as it came. */
export type ShownProblem = Omit<DraftProblem, 'message'> & { message: RuleText | string };

/** A sentence of the return rules (areas/returns/common/rules.ts: an id and its arguments) in the language in force. */
export function sayRule(t: Translate, text: RuleText | string): string {
  if (typeof text === 'string') return text;
  // Each RuleText pairs an id with exactly its arguments; the union is too wide for the typed `t`.
  return (t as (id: string, values?: Record<string, string | number>) => string)(text.id, text.values);
}

export function itemLabel(t: Translate, item: Pick<CachedItem, 'sku' | 'name' | 'inventoryId'>): string {
  if (!item.sku) return t('returns.intake.itemId', { id: String(item.inventoryId) });
  return item.name ? `${item.name} (${item.sku})` : item.sku;
}

/**
 * `foundOnline`: the item came from the service, not the item cache (a new line is marked so). `t`
 * words the outcome; each sentence is a message of its own, said one after another.
 */
export function applyItemScan(
  t: Translate,
  draft: ReturnDraft,
  item: CachedItem,
  reading: ScanReading | null,
  foundOnline = false,
  preference: string | null = null,
): ItemScanOutcome {
  const label = itemLabel(t, item);
  const say = (...sentences: Array<string | null>) => sentences.filter((s) => s !== null).join(' ');
  const refusal = itemRefusal(item.flags, label);
  if (refusal) return { verdict: 'refused', message: sayRule(t, refusal) };
  // A lot and expiry belong only to a lot-tracked item: on another one the label's lot is said, not kept.
  const lotTracked = item.flags.lot;
  const lot = lotTracked ? (reading?.lot ?? null) : null;
  const expiry = lotTracked ? (reading?.expiry ?? null) : null;
  const ignored = !lotTracked && reading?.lot ? t('returns.intake.item.lotIgnored', { lot: reading.lot, item: label }) : null;
  const at = draft.lines.findIndex((l) => l.inventoryId === item.inventoryId);
  if (at >= 0) {
    const line = draft.lines[at]!;
    if (lot && line.lotNumber && lot !== line.lotNumber) {
      return {
        verdict: 'refused',
        message: t('returns.intake.item.otherLot', { item: label, line: at + 1, lineLot: line.lotNumber, lot }),
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
      message: say(t('returns.intake.item.merged', { item: label, quantity: merged.quantity, line: at + 1 }), ignored),
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
    message: say(t('returns.intake.item.added', { item: label, line: draft.lines.length + 1 }), needsLot ? t('returns.intake.item.needsLot') : null, ignored),
    needsLot,
  };
}

/** Control characters a scanner sends (GS, RS, EOT) and surrounding blanks taken off a tracking number or lot. */
export function plainScanText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\x00-\x1f\x7f]/g, '').trim();
}
