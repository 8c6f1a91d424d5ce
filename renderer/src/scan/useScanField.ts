import { useEffect, useRef, type RefObject } from 'react';
import { scanService, type ScanFieldHandler } from './scanService';

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
