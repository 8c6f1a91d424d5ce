// Evidence offers nothing to other areas' cores; its channels are its face (areas/evidence/common/ipc.ts).
export {};
