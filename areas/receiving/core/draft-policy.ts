import { countOf } from '../../../shared/counts.js';
import type { WroCreateDraft } from '../../../shared/schemas/drafts.js';
import type { DraftPolicy } from '../../../electron/core/data/draft-store.js';

/** A receiving-order draft in a list of drafts: its PO number, else how far it got. */
export const wroDraftPolicy: DraftPolicy = {
  title(value) {
    const { form } = value as WroCreateDraft;
    const po = form.purchase_order_number.trim();
    const boxes = countOf(form.boxes.length, 'box');
    return po ? `Receiving order ${po} (${boxes})` : `New receiving order (${boxes})`;
  },
};
