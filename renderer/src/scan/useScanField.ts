import { useEffect, useRef, type RefObject } from 'react';
import type { Scan } from '../../../shared/scan/detector';
import { GS, parseGs1 } from '../../../shared/scan/gs1';
import { scanService, type ScanFieldHandler, type ValueFieldHandler } from './scanService';

/**
 * Makes an input (or a box around one) a scan field: a scan made while focus is inside it goes to
 * `onScan` instead of the scan router, and none of its characters stay typed in the field.
 */
export function useScanField(ref: RefObject<HTMLElement | null>, onScan: ScanFieldHandler): void {
  const latest = useRef(onScan);
  useEffect(() => {
    latest.current = onScan;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    return scanService.addField(element, (scan) => latest.current(scan));
  }, [ref]);
}

/**
 * Makes an input an identifier field (a PO, a lot): a scan typed into it stays its value, as `read`
 * makes it (a GS1 label's lot, for one), and never goes to the scan router.
 */
export function useValueField(ref: RefObject<HTMLElement | null>, read: ValueFieldHandler): void {
  const latest = useRef(read);
  useEffect(() => {
    latest.current = read;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    return scanService.addValueField(element, (scan) => latest.current(scan));
  }, [ref]);
}

/**
 * A lot label's lot and expiry: GS1 data (a GTIN, a GS separator or a GS1 symbology) with AI 10.
 * A plain code is no lot label, even when its digits would read as AIs ("1012345").
 */
export function readLotLabel(scan: Scan): { lot: string; expiry?: string } | null {
  const gs1 = parseGs1(scan.text);
  if (!gs1.ok || gs1.lot === undefined) return null;
  const gs1Evidence = gs1.gtin14 !== undefined || scan.text.includes(GS) || (scan.symbology ?? '').startsWith('GS1');
  if (!gs1Evidence) return null;
  return { lot: gs1.lot, ...(gs1.expiry !== undefined ? { expiry: gs1.expiry } : {}) };
}
