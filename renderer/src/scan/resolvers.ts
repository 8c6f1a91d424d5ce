import { createScanRouter, type Candidate, type RouteOutcome, type ScanQuery } from '../../../shared/scan/router';
import { planScan, type ScanCodeKind, type ScanPlan } from '../../../shared/scan/plan';
import { extensionPoint } from '../workspaces/registry';

/** A scan as resolvers get it: the query and the kinds of code the plan asks about. */
export interface PlannedScan extends ScanQuery {
  /** The kinds of code this scan can be (shared/scan/plan.ts); a resolver looking up several looks up only these. */
  asks: ReadonlySet<ScanCodeKind>;
}

/** One lookup a workspace offers the scan router: a code in, candidate records out. */
export interface ScanResolverEntry {
  /** Unique within its workspace ("wro", "po"). */
  id: string;
  /** The kinds of code it looks up: it is asked only when the scan can be one of them. */
  looksFor: readonly ScanCodeKind[];
  /** It answers from the desk's own data without a request to the service (the offline item cache). */
  local?: boolean;
  resolve: (query: PlannedScan, signal: AbortSignal) => Promise<readonly Candidate[]> | readonly Candidate[];
}

/** Where workspaces add their scan resolvers (from their own folder). */
export const scanResolvers = extensionPoint<ScanResolverEntry>('scan resolvers');

/**
 * Asks the registered resolvers about one scan, the fewest requests first: only the resolvers the
 * plan says the code can be for, the local ones before the rest when a local match would end the
 * scan, and then none of the rest if one matched. Candidates keep registration order.
 */
export async function routeScan(query: ScanQuery, signal: AbortSignal = new AbortController().signal): Promise<RouteOutcome> {
  const plan: ScanPlan = planScan(query);
  const scan: PlannedScan = { ...query, asks: plan.kinds };
  const asked = scanResolvers.list().filter(({ item }) => item.looksFor.some((kind) => plan.kinds.has(kind)));
  const local = new Map<ScanResolverEntry, Promise<readonly Candidate[]>>();
  for (const { item } of asked)
    if (item.local)
      local.set(
        item,
        Promise.resolve().then(() => item.resolve(scan, signal)),
      );
  // Waiting for the local answers first only pays when their match could end the scan; otherwise
  // every lookup starts at once, as the rest would be asked anyway.
  const ended = plan.endsAtLocalMatch && (await Promise.allSettled(local.values())).some((a) => a.status === 'fulfilled' && a.value.length > 0);
  const router = createScanRouter<PlannedScan>();
  for (const { workspace, item } of asked) {
    const known = local.get(item);
    if (known) router.register(`${workspace}.${item.id}`, () => known);
    else if (!ended) router.register(`${workspace}.${item.id}`, item.resolve);
  }
  return router.route(scan, signal);
}

export type { Candidate, ScanQuery };
