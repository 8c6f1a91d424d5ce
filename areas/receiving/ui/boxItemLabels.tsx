import { useState, type FocusEvent } from 'react';
import type { ReceivingBox } from '../../../shared/schemas/receiving';
import { useShortcut } from '../../../renderer/src/keyboard/useShortcut';
import type { ItemNaming } from '../../inventory/ui';
import { LineLabelDialog, type LabelLine } from '../../printing/ui';
import { useT, type Translate } from '../../../renderer/src/i18n/useT';

/** Alt+P prints the order's box labels here; item labels take Alt+I. */
export const BOX_ITEM_LABEL_KEYS = 'Alt+I';

/** A box's item as a line to label: the item, the box's lot and expiry for it, one label per unit at first. */
export function boxLineLabel(t: Translate, box: ReceivingBox, k: number, names: ReadonlyMap<number, ItemNaming>): LabelLine | null {
  const i = box.box_items?.[k];
  if (!i) return null;
  const naming = names.get(i.inventory_id);
  return {
    inventoryId: i.inventory_id,
    sku: naming?.sku ?? null,
    name: naming?.name ?? null,
    lot: i.lot_number ?? null,
    expiry: i.lot_date ?? null,
    units: i.quantity ?? null,
    where: t('receiving.boxes.where', { box: box.box_number ?? box.box_id }),
  };
}

/**
 * Item labels for the lines of an order's boxes: each line's own button, and Alt+I for the line in
 * focus (its button, or the first line of the box row in focus), else the scanned box's first line,
 * else the first box's. One dialog for all of them.
 */
export function useBoxItemLabels(boxes: ReceivingBox[], names: ReadonlyMap<number, ItemNaming>, focusBox: number | null) {
  const { t } = useT();
  const [focused, setFocused] = useState<{ boxId: number; k: number } | null>(null);
  const [open, setOpen] = useState<LabelLine | null>(null);
  const lineAt = (boxId: number | null | undefined, k = 0) => {
    const box = boxes.find((b) => b.box_id === boxId);
    return box ? boxLineLabel(t, box, k, names) : null;
  };
  const current = () => (focused && lineAt(focused.boxId, focused.k)) ?? lineAt(focusBox) ?? lineAt(boxes.find((b) => (b.box_items ?? []).length > 0)?.box_id);
  useShortcut({
    keys: BOX_ITEM_LABEL_KEYS,
    description: t('receiving.keys.itemLabels'),
    group: t('receiving.keys.group'),
    when: () => current() !== null,
    handler: () => setOpen(current()),
  });
  const onFocus = (e: FocusEvent) => {
    const target = e.target;
    const line = target.closest('[data-box-line]')?.getAttribute('data-box-line');
    const row = target.closest('tr[data-box-id]')?.getAttribute('data-box-id');
    if (line) {
      const [boxId, k] = line.split(':').map(Number);
      setFocused({ boxId: boxId!, k: k! });
    } else setFocused(row ? { boxId: Number(row), k: 0 } : null);
  };
  return {
    onFocus,
    openLine: (box: ReceivingBox, k: number) => setOpen(boxLineLabel(t, box, k, names)),
    dialog: <LineLabelDialog line={open} onClose={() => setOpen(null)} />,
  };
}
