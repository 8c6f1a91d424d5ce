// Stock offers nothing to other areas' cores; its channels (areas/stock/common/ipc.ts) are its face.
export {};
