// What other areas show of the desks sharing a store: which other desks have a record open.
export { OpenElsewhere, useOpenElsewhere } from './presence';
