import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { scanService } from './scanService';

/**
 * A controlled field whose keys go into parts that are no text field (a date picker's segments),
 * made restorable by the scan service: should a burst typed into it be a scan, its value goes back to
 * what it was when the burst began and the control is made anew (`generation`, its React key), so no
 * half-typed part of the scan stays. Focus that was in it goes back to its first `focusable`.
 */
export function useRestorable<T>(value: T, onChange: (value: T) => void, focusable: string): { ref: RefObject<HTMLDivElement | null>; generation: number } {
  const ref = useRef<HTMLDivElement>(null);
  const [generation, setGeneration] = useState(0);
  const refocus = useRef(false);
  const latest = useRef({ value, onChange });
  useLayoutEffect(() => {
    latest.current = { value, onChange };
  });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (refocus.current) {
      refocus.current = false;
      // Unless the scan's handling moved focus on, it goes back where the clerk was.
      if (document.activeElement === document.body || document.activeElement === null) element.querySelector<HTMLElement>(focusable)?.focus();
    }
    return scanService.addRestorable(element, () => {
      const held = latest.current.value;
      return () => {
        refocus.current = element.contains(document.activeElement);
        if (latest.current.value !== held) latest.current.onChange(held);
        setGeneration((g) => g + 1);
      };
    });
  }, [generation, focusable]);
  return { ref, generation };
}
