import { useRef } from 'react';
import { readLotLabel } from '../../../shared/scan/gs1';
import { useValueField } from './useScanField';

/**
 * A lot number field: typed, or a lot label scanned into it. A GS1 label leaves its lot (AI 10) in
 * the field and hands its expiry (AI 17) to `onExpiry` where the form has one; any other scan stays as scanned.
 */
export function LotInput({ onExpiry, ...props }: React.InputHTMLAttributes<HTMLInputElement> & { onExpiry?: (expiry: string) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useValueField(ref, (scan) => {
    const label = readLotLabel(scan);
    if (!label) return;
    if (label.expiry !== undefined) onExpiry?.(label.expiry);
    return label.lot;
  });
  return <input ref={ref} {...props} />;
}
