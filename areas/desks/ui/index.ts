// What other areas show of the desks sharing a store: which other desks have a record open; and where
// this desk stands with the store it shares (a view that wants to say "working alone" can read it,
// kept current by main's event).
export { OpenElsewhere, useOpenElsewhere } from './presence';
export { useSharedStore, sharedStoreQuery } from './queries';
