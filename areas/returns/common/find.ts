/**
 * What a return's Find text (or a scanned code) looks for: a reference id (at most 50 characters, the
 * service's limit) or a tracking number (at most 100), each an exact match. Commas separate values in
 * the service's filters, and control characters come from GS1 data, so a text with either is neither.
 */
export function findQueries(q: string): { referenceId?: string; trackingNumber?: string } {
  const text = q.trim();
  if (!text || text.includes(',') || [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return {};
  return { ...(text.length <= 50 ? { referenceId: text } : {}), ...(text.length <= 100 ? { trackingNumber: text } : {}) };
}
