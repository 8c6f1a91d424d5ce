/**
 * How printed codes compare (barcodes, tracking numbers, PO numbers): without case, spaces or
 * dashes, since labels print them grouped and people type them plain. Pure; main and page alike.
 */
export function foldCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase();
}
