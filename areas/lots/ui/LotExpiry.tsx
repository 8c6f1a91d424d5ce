import { useState } from 'react';
import { expiryMark, localDay, type ExpiryMark } from '../../../shared/time/expiry';
import { DEFAULT_PREFERENCES } from '../../../shared/schemas/preferences';
import { usePreferences } from '../../../renderer/src/app/preferences';
import { formatDay } from '../../../renderer/src/format';
import { useT } from '../../../renderer/src/i18n/useT';
import './expiry.css';

/**
 * Lot expiry marks for a view that lists lots (Lot exclusions, the item view): the threshold from
 * Settings → Lots and today's date in the user's zone, taken once when the view opens, and the
 * classification of shared/time/expiry.ts, so every view marks the same lot the same way.
 */
export function useExpiryMarks(): { threshold: number; mark: (expiresAt: string | null) => ExpiryMark } {
  const threshold = usePreferences().data?.lotExpiryWarningDays ?? DEFAULT_PREFERENCES.lotExpiryWarningDays;
  const [today] = useState(() => localDay(Date.now()));
  return { threshold, mark: (expiresAt) => expiryMark(expiresAt, today, threshold) };
}

/** A lot's expiry day and, beside it, the mark in words ("Expired 3 days ago"): colour only repeats what the words say. */
export function LotExpiry({ expiresAt, mark }: { expiresAt: string | null; mark: ExpiryMark }) {
  const { t } = useT();
  // A value that is not a date is shown as the service sent it rather than hidden.
  if (mark.kind === 'none') return <>{expiresAt ?? '—'}</>;
  return (
    <span className="lot-expiry">
      {formatDay(mark.day)}
      {mark.kind !== 'ok' && <span className={`expiry-mark ${mark.kind}`}>{t('lots.expiry.mark', { kind: mark.kind, days: mark.days })}</span>}
    </span>
  );
}
