const DAY_MS = 86_400_000;

export type ExpiryMark = { kind: 'none' } | { kind: 'expired'; days: number } | { kind: 'soon'; days: number } | { kind: 'ok'; days: number };

/**
 * How a lot's expiry is marked: expired once its expiry moment has passed; "soon" when it comes
 * within `thresholdDays` (Settings → Lots); days are whole days, rounded up for what is left and down
 * for what has passed, so "expires in 1 day" still means it has not expired.
 */
export function expiryMark(expiresAt: string | null, now: number, thresholdDays: number): ExpiryMark {
  if (!expiresAt) return { kind: 'none' };
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return { kind: 'none' };
  if (at <= now) return { kind: 'expired', days: Math.floor((now - at) / DAY_MS) };
  const days = Math.ceil((at - now) / DAY_MS);
  return days <= thresholdDays ? { kind: 'soon', days } : { kind: 'ok', days };
}

export function expiryWords(mark: ExpiryMark): string {
  switch (mark.kind) {
    case 'none':
      return '';
    case 'expired':
      return mark.days === 0 ? 'Expired today' : `Expired ${mark.days} ${mark.days === 1 ? 'day' : 'days'} ago`;
    case 'soon':
      return `Expires in ${mark.days} ${mark.days === 1 ? 'day' : 'days'}`;
    case 'ok':
      return '';
  }
}
