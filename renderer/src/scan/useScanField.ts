import { useEffect, useRef, type RefObject } from 'react';
import { scanService, type ScanFieldHandler, type ValueFieldHandler } from './scanService';

/**
 * Makes an input (or a box around one) a scan field: a scan made while focus is inside it goes to
 * `onScan` instead of the scan router, and none of its characters stay typed in the field. With
 * `scope`, it also takes the scans made in the part of the view marked `data-scan-scope` around it,
 * wherever focus is there but in a field that expects a code (a line's quantity, a button).
 */
export function useScanField(ref: RefObject<HTMLElement | null>, onScan: ScanFieldHandler, { scope = false }: { scope?: boolean } = {}): void {
  const latest = useRef(onScan);
  useEffect(() => {
    latest.current = onScan;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    return scanService.addField(element, (scan, typed) => latest.current(scan, typed), { scope });
  }, [ref, scope]);
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
