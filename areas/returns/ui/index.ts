// Returns offer nothing to other areas in the renderer; their addresses and the outbox in the status bar are their face.
export {};
