import { z } from 'zod';
import { ReceiptTab } from '../common/ipc';

/**
 * The receipts list's address: #/unidentified?tab=linked&q=1Z123&page=2. A part that does not parse
 * (an old bookmark, a typo) falls back to its default instead of breaking the view.
 */
export const UnidentifiedSearch = z.object({
  tab: ReceiptTab.optional().catch(undefined),
  q: z.string().trim().min(1).max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
export type UnidentifiedSearch = z.infer<typeof UnidentifiedSearch>;
