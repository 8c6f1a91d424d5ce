import { createScanRouter, type Candidate, type Resolver, type RouteOutcome, type ScanQuery } from '../../../shared/scan/router';
import { extensionPoint } from '../workspaces/registry';

/** One lookup a workspace offers the scan router: a code in, candidate records out. */
export interface ScanResolverEntry {
  /** Unique within its workspace ("wro", "po"). */
  id: string;
  resolve: Resolver<ScanQuery>;
}

/** Where workspaces add their scan resolvers (from their own folder). */
export const scanResolvers = extensionPoint<ScanResolverEntry>('scan resolvers');

/** Asks every registered resolver about one scan. */
export function routeScan(query: ScanQuery, signal?: AbortSignal): Promise<RouteOutcome> {
  const router = createScanRouter<ScanQuery>();
  for (const { workspace, item } of scanResolvers.list()) router.register(`${workspace}.${item.id}`, item.resolve);
  return router.route(query, signal);
}

export type { Candidate, ScanQuery };
