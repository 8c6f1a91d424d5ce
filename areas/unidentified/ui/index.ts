// Unidentified receipts offer nothing to other areas in the renderer; their addresses are their face.
export {};
