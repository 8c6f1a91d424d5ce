// Inventory history offers nothing to other areas; its address (#/inventory/history?item=…&fc=…) is its face.
export {};
