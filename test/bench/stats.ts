/** Summary statistics for benchmark samples (milliseconds). Medians and spread, never a single run. */
export interface Summary {
  runs: number;
  median: number;
  p95: number;
  min: number;
  max: number;
}

export function summarize(samples: number[]): Summary {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return { runs: sorted.length, median: round(median), p95: round(at(0.95)), min: round(sorted[0]!), max: round(sorted[sorted.length - 1]!) };
}

export async function sample(runs: number, warmup: number, once: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await once();
    samples.push(performance.now() - start);
  }
  return samples;
}
