import type { Version } from '../http/router.js';

/** Which versions carry an operation (spec 9). Date versions carry what earlier date versions introduced. */
export const V = {
  v10: ['1.0'],
  v20: ['2.0'],
  v10to20: ['1.0', '2.0'],
  v20on: ['2.0', '2025-07', '2026-01', '2026-07'],
  v2025on: ['2025-07', '2026-01', '2026-07'],
  v2026_01on: ['2026-01', '2026-07'],
  v2026_07: ['2026-07'],
  experimental: ['Experimental'],
} as const satisfies Record<string, readonly Version[]>;
