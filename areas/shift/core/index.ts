// The end-of-shift report offers nothing to other areas; its channels are its face (areas/shift/common/ipc.ts).
export {};
