// Today offers nothing to other areas' cores; its channels (shared/ipc/today.ts) are its face.
export {};
