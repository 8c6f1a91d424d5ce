// Returns offer nothing to other areas in the core; their channels are their face (shared/ipc/returns.ts).
export {};
