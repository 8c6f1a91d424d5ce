// What other areas may use of clerks in the renderer: nothing yet; the clerk whose turn it is shows in
// the status bar, and the journal's entries carry the clerk's name themselves.
export {};
