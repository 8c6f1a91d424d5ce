// Today offers nothing to other areas' cores; its channels (areas/today/common/ipc.ts) are its face.
export {};
