import { useState } from 'react';
import { expiryDay } from '../../../shared/time/expiry';
import { copiesFor } from '../common/item-label';
import { useT, type Translate } from '../../../renderer/src/i18n/useT';
import { useShortcut } from '../../../renderer/src/keyboard/useShortcut';
import { Dialog } from '../../../renderer/src/ui/Dialog';
import { useInventoryItem } from '../../inventory/ui';
import { ItemLabelForm } from './PrintItemLabel';

/**
 * A line of goods a view shows (a return line, a box's item, a lot in stock): the item by its
 * inventory id, with the line's own lot and expiry. The label takes the item's codes (its GTIN) from
 * the item cache, and the lot and expiry from the line, as the goods in hand carry them.
 */
export interface LabelLine {
  inventoryId: number;
  /** What the view knows the item by, used where the item cache does not have it. */
  sku: string | null;
  name: string | null;
  lot: string | null;
  /** A day or the service's date-time at the start of it. */
  expiry: string | null;
  /** Units on the line: one label each is offered, a key away. Null: no such offer. */
  units: number | null;
  /** Where the line is, in the clerk's words ("line 2", "box 3"). */
  where: string;
}

/** How a line is named on its button and in the dialog: the item's name or SKU, then where it is. */
export function lineWords(t: Translate, line: LabelLine): string {
  const named = line.name ? (line.sku ? 'nameSku' : 'name') : line.sku ? 'sku' : 'id';
  return t('printing.line.words', { named, name: line.name ?? '', sku: line.sku ?? '', id: line.inventoryId, where: line.where });
}

/**
 * The item label dialog for a line, open while `line` is set. Focus goes back to what opened it when
 * it closes (the desk's Dialog).
 */
export function LineLabelDialog({ line, onClose }: { line: LabelLine | null; onClose: () => void }) {
  const { t } = useT();
  return (
    <Dialog title={t('printing.item.title')} isOpen={line !== null} onOpenChange={(open) => !open && onClose()}>
      {line && <LineLabelForm key={`${line.inventoryId}/${line.lot ?? ''}/${line.where}`} line={line} onDone={onClose} />}
    </Dialog>
  );
}

function LineLabelForm({ line, onDone }: { line: LabelLine; onDone: () => void }) {
  const { t } = useT();
  const cached = useInventoryItem(line.inventoryId);
  if (cached.isPending)
    return (
      <p className="state" role="status">
        {t('printing.line.reading', { hasSku: line.sku ? 'yes' : 'no', sku: line.sku ?? '', id: line.inventoryId })}
      </p>
    );
  const item = cached.data?.item;
  const sku = item?.sku ?? line.sku;
  if (!sku)
    return (
      <p className="error" role="alert">
        {t('printing.line.noSku', { id: line.inventoryId })}
      </p>
    );
  const labelled = { sku, name: item?.name ?? line.name ?? sku, gtin: item?.codes.gtin ?? null, lots: [], lotInView: null };
  return (
    <ItemLabelForm
      item={labelled}
      fixedLot={{ lotNumber: line.lot?.trim() ? line.lot.trim() : null, expiry: expiryDay(line.expiry) }}
      perUnit={copiesFor(line.units)}
      note={item ? t('printing.line.for', { where: line.where }) : t('printing.line.forUncached', { where: line.where })}
      onDone={onDone}
    />
  );
}

/**
 * "Print item label…" for the line a view has selected (its current row, the line in focus): a
 * button (so the palette offers it, named by the line) and a key. No line selected: the button is
 * disabled and the key does nothing.
 */
export function PrintLineLabel({ line, keys, group }: { line: LabelLine | null; keys: string; group: string }) {
  const { t } = useT();
  const [open, setOpen] = useState<LabelLine | null>(null);
  useShortcut({ keys, description: t('printing.line.keyPrint'), group, inFields: true, when: () => line !== null, handler: () => setOpen(line) });
  return (
    <>
      <button type="button" disabled={line === null} onClick={() => setOpen(line)} aria-keyshortcuts={keys} title={keys}>
        {t('printing.item.open')}
        {line && <span className="muted"> {lineWords(t, line)}</span>}
      </button>
      <LineLabelDialog line={open} onClose={() => setOpen(null)} />
    </>
  );
}
