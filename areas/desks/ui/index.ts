// What other areas may use of desks in the renderer: where this desk stands with the store it shares
// (a view that wants to say "working alone" can read it, kept current by main's event).
export { useSharedStore, sharedStoreQuery } from './queries';
