// What other areas may use of the journal: the service they record through, and the pure chain (for tests and tools).
export { answerDone, answerRefused, isRefusal, type JournalService } from './service.js';
export { canonical, hashOf, readChain, seal, GENESIS, type ChainHead, type ChainRead, type ChainBreak, type Unsealed } from './chain.js';
export { Journal, JOURNAL_DIR, JOURNAL_FILE, JOURNAL_HEAD_FILE, type JournalOptions, type JournalStamp } from './journal.js';
