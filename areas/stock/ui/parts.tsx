import { useCallback, useState, type ReactNode } from 'react';
import type { CachedCenter } from '../../../shared/schemas/inventory-cache';
import { formatAsOf, formatDateTime } from '../../../renderer/src/format';
import { SignInPanel } from '../../../renderer/src/session/SignInPanel';
import { useSession } from '../../../renderer/src/session/useSession';
import { ErrorNote } from '../../../renderer/src/ui/ErrorNote';
import { showToast } from '../../../renderer/src/ui/Toasts';
import { errorMessage } from '../../../renderer/src/bridge/dockdesk';
import { centerChoices } from '../../../renderer/src/ui/centerChoices';
import { Select } from '../../../renderer/src/ui/Select';
import { useT, type Translate } from '../../../renderer/src/i18n/useT';

/**
 * Pieces both stock views share. The views have addresses but no sidebar workspace, so the shell's
 * sign-in gate does not cover them: they offer sign-in themselves (signed out, the cache is closed).
 */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session.data) return null;
  return session.data.status === 'signed-in' ? <>{children}</> : <SignInPanel session={session.data} />;
}

/** "From the inventory cache as of 9:30 AM": every stock answer is the cache's, never the service's now. */
export function AsOf({ asOf }: { asOf: string | null }) {
  const { t } = useT();
  if (!asOf) return <span className="as-of">{t('stock.asOf.empty')}</span>;
  return (
    <span className="as-of" title={formatDateTime(asOf)}>
      {t('stock.asOf', { time: formatAsOf(asOf) })}
    </span>
  );
}

export function StockNotes({ error }: { error: unknown }) {
  const { t } = useT();
  return error ? <ErrorNote error={error} prefix={t('stock.readFailed')} /> : null;
}

const ALL = 'all';

/** A fulfillment center by name (the address keeps its id), or every center. */
export function CenterSelect({ value, centers, onChange }: { value: number | null; centers: readonly CachedCenter[]; onChange: (fc: number | null) => void }) {
  const { t } = useT();
  // A center the cache does not name (an old address) still shows as chosen.
  const choices = centerChoices(t, centers, { all: { id: ALL, label: t('stock.allCenters') }, chosen: value === null ? null : { id: value } });
  return (
    <Select label={t('stock.center')} value={value === null ? ALL : String(value)} choices={choices} onChange={(v) => onChange(v === ALL ? null : Number(v))} />
  );
}

/** The rows the table shows (for reading their blocks), kept as one state that changes only when they do. */
export function useRange() {
  const [range, setRange] = useState({ start: 0, end: 0 });
  const onRange = useCallback((start: number, end: number) => setRange((r) => (r.start === start && r.end === end ? r : { start, end })), []);
  return { range, onRange };
}

/** An export that could not be made: said, with what to try. */
export function exportFailed(t: Translate, error: unknown): void {
  showToast({ title: t('stock.export.failed'), description: t('stock.export.failedWhy', { reason: errorMessage(error).replace(/\.?$/, '.') }), tone: 'error' });
}

/** An export made: how many rows, and where the file went. */
export function exported(t: Translate, rows: number, unit: 'lot' | 'item', file: string): void {
  showToast({ title: t('stock.export.done', { count: rows, unit }), description: t('stock.export.savedAs', { file }), tone: 'success' });
}
