// Stock offers nothing to other areas' cores; its channels (shared/ipc/stock.ts) are its face.
export {};
