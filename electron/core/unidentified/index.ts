// Unidentified receipts offer nothing to other areas; their channels are their face (shared/ipc/unidentified.ts).
export {};
