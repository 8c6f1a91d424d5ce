import type { FastifyReply } from 'fastify';

/** Spec 9: the version is the first path segment. */
export const VERSIONS = ['1.0', '2.0', '2025-07', '2026-01', '2026-07'] as const;
export type ApiVersion = (typeof VERSIONS)[number];

/** Date-named versions compare as strings; 1.0 and 2.0 come before all of them. */
export function atLeast(version: ApiVersion, minimum: ApiVersion): boolean {
  return VERSIONS.indexOf(version) >= VERSIONS.indexOf(minimum);
}

/** API notes, Versions: 1.0 and 2.0 answer with Deprecation, and 1.0 with its Sunset date. */
export function markDeprecation(reply: FastifyReply, version: ApiVersion): void {
  if (version === '1.0') reply.headers({ deprecation: 'true', sunset: 'Fri, 31 Jul 2026 00:00:00 GMT' });
  else if (version === '2.0') reply.header('deprecation', 'true');
}
