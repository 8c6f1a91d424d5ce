// What other areas may use of clerks' core: the service's type (whose turn it is).
export type { ClerksService } from './desk.js';
