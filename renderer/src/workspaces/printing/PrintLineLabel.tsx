import { useState } from 'react';
import { expiryDay } from '../../../../shared/lots/expiry';
import { copiesFor } from '../../../../shared/printing/item-label';
import { useShortcut } from '../../keyboard/useShortcut';
import { Dialog } from '../../ui/Dialog';
import { useInventoryItem } from '../inventory';
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
  /** Units on the line: one label each is offered at first. Null: one label. */
  units: number | null;
  /** Where the line is, in the clerk's words ("line 2", "box 3"). */
  where: string;
}

/** How a line is named on its button and in the dialog: the item's name or SKU, then where it is. */
export function lineWords(line: LabelLine): string {
  const item = line.name ? `${line.name}${line.sku ? ` (${line.sku})` : ''}` : (line.sku ?? `item ${line.inventoryId}`);
  return `${item}, ${line.where}`;
}

/**
 * The item label dialog for a line, open while `line` is set. Focus goes back to what opened it when
 * it closes (the desk's Dialog).
 */
export function LineLabelDialog({ line, onClose }: { line: LabelLine | null; onClose: () => void }) {
  return (
    <Dialog title="Print item label" isOpen={line !== null} onOpenChange={(open) => !open && onClose()}>
      {line && <LineLabelForm key={`${line.inventoryId}/${line.lot ?? ''}/${line.where}`} line={line} onDone={onClose} />}
    </Dialog>
  );
}

function LineLabelForm({ line, onDone }: { line: LabelLine; onDone: () => void }) {
  const cached = useInventoryItem(line.inventoryId);
  if (cached.isPending)
    return (
      <p className="state" role="status">
        Reading {line.sku ?? `item ${line.inventoryId}`} from the item cache…
      </p>
    );
  const item = cached.data?.item;
  const sku = item?.sku ?? line.sku;
  if (!sku)
    return (
      <p className="error" role="alert">
        Item {line.inventoryId} is not in this desk’s item cache and the line names no SKU, so there is nothing to print yet. Refresh the item cache
        (Inventory), then print again.
      </p>
    );
  const labelled = { sku, name: item?.name ?? line.name ?? sku, gtin: item?.codes.gtin ?? null, lots: [], lotInView: null };
  return (
    <ItemLabelForm
      item={labelled}
      fixedLot={{ lotNumber: line.lot?.trim() ? line.lot.trim() : null, expiry: expiryDay(line.expiry) }}
      initialCopies={copiesFor(line.units)}
      note={
        item ? `For ${line.where}.` : `For ${line.where}. The item is not in this desk’s item cache: the label carries its SKU’s barcode only, without a GTIN.`
      }
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
  const [open, setOpen] = useState<LabelLine | null>(null);
  useShortcut({ keys, description: 'Print item labels for the selected line', group, inFields: true, when: () => line !== null, handler: () => setOpen(line) });
  return (
    <>
      <button type="button" disabled={line === null} onClick={() => setOpen(line)} aria-keyshortcuts={keys} title={keys}>
        Print item label…{line && <span className="muted"> {lineWords(line)}</span>}
      </button>
      <LineLabelDialog line={open} onClose={() => setOpen(null)} />
    </>
  );
}
