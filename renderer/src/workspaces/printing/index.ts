// What other areas may use of printing in the renderer: the item label action for a view that shows an item.
export { PrintItemLabel, PRINT_ITEM_LABEL_KEYS, type LabelledItem } from './PrintItemLabel';
