// Inventory history offers nothing to other areas; its channels are its face (shared/ipc/history.ts).
export {};
