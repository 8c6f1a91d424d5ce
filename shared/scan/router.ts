// "Scan anything": each workspace registers resolvers that turn a scanned code into candidate
// records; the router asks them all and says whether one, several or no record matches. Pure and
// generic over the query, so it runs (and is tested) without a renderer.

import { parseGs1, type Gs1Result } from './gs1.js';

export interface Candidate {
  label: string;
  detail?: string;
  /** The record's address, e.g. "#/receiving/5012". */
  href: string;
}

export interface ResolvedCandidate extends Candidate {
  /** The id of the resolver that proposed it. */
  resolver: string;
}

export type Resolver<Q> = (query: Q, signal: AbortSignal) => Promise<readonly Candidate[]> | readonly Candidate[];

export type RouteOutcome =
  | { kind: 'one'; candidate: ResolvedCandidate; candidates: ResolvedCandidate[]; failures: ResolverFailure[] }
  | { kind: 'several'; candidates: ResolvedCandidate[]; failures: ResolverFailure[] }
  | { kind: 'none'; candidates: []; failures: ResolverFailure[] };

export interface ResolverFailure {
  resolver: string;
  message: string;
}

export interface ScanRouter<Q> {
  /** Registers (or replaces) the resolver `id`; returns a function that removes it. */
  register(id: string, resolver: Resolver<Q>): () => void;
  /** Asks every resolver at once; candidates keep registration order, the same href only once. */
  route(query: Q, signal?: AbortSignal): Promise<RouteOutcome>;
  resolverIds(): string[];
}

export function createScanRouter<Q>(): ScanRouter<Q> {
  const resolvers = new Map<string, Resolver<Q>>();
  return {
    register(id, resolver) {
      resolvers.set(id, resolver);
      return () => {
        if (resolvers.get(id) === resolver) resolvers.delete(id);
      };
    },
    resolverIds: () => [...resolvers.keys()],
    async route(query, signal = new AbortController().signal) {
      const entries = [...resolvers.entries()];
      const settled = await Promise.allSettled(entries.map(async ([, resolve]) => resolve(query, signal)));
      const candidates: ResolvedCandidate[] = [];
      const failures: ResolverFailure[] = [];
      const seen = new Set<string>();
      settled.forEach((r, i) => {
        const id = entries[i]![0];
        if (r.status === 'rejected') {
          failures.push({ resolver: id, message: r.reason instanceof Error ? r.reason.message : String(r.reason) });
          return;
        }
        for (const c of r.value) {
          if (seen.has(c.href)) continue;
          seen.add(c.href);
          candidates.push({ ...c, resolver: id });
        }
      });
      if (candidates.length === 1) return { kind: 'one', candidate: candidates[0]!, candidates, failures };
      if (candidates.length > 1) return { kind: 'several', candidates, failures };
      return { kind: 'none', candidates: [], failures };
    },
  };
}

/** What resolvers get: the scan's text (AIM prefix off, a trailing CR/LF off), its raw form, and its GS1 reading. */
export interface ScanQuery {
  text: string;
  raw: string;
  symbology: string | null;
  gs1: Gs1Result;
}

export function toScanQuery(scan: { text: string; raw: string; symbology: string | null }, now?: Date): ScanQuery {
  const text = scan.text.replace(/[\r\n]+$/, '');
  return { text, raw: scan.raw, symbology: scan.symbology, gs1: parseGs1(text, now ? { now } : {}) };
}

const CONTROL_NAMES = [
  'NUL',
  'SOH',
  'STX',
  'ETX',
  'EOT',
  'ENQ',
  'ACK',
  'BEL',
  'BS',
  'HT',
  'LF',
  'VT',
  'FF',
  'CR',
  'SO',
  'SI',
  'DLE',
  'DC1',
  'DC2',
  'DC3',
  'DC4',
  'NAK',
  'SYN',
  'ETB',
  'CAN',
  'EM',
  'SUB',
  'ESC',
  'FS',
  'GS',
  'RS',
  'US',
];

/** The text with ASCII control characters shown by name: "01…⟨GS⟩10ABC⟨EOT⟩". */
export function visibleControls(raw: string): string {
  // eslint-disable-next-line no-control-regex
  return raw.replace(/[\x00-\x1f\x7f]/g, (c) => `⟨${c === '\x7f' ? 'DEL' : CONTROL_NAMES[c.charCodeAt(0)]}⟩`);
}
