// Inventory history offers nothing to other areas; its channels are its face (areas/history/common/ipc.ts).
export {};
