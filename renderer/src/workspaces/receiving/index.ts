// Receiving offers nothing to other areas in the renderer; its addresses (#/receiving/<id>) are its face.
export {};
