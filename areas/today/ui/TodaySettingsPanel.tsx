import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { TodaySettings } from '../common/ipc';
import { useAccountKey } from '../../../renderer/src/app/accountKey';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { useT } from '../../../renderer/src/i18n/useT';
import { ErrorNote } from '../../../renderer/src/ui/ErrorNote';
import { Select } from '../../../renderer/src/ui/Select';
import { useTodaySettings } from './queries';
import { startPages } from './startPage';
import './today.css';

function useSaveTodaySettings() {
  const client = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (change: Partial<TodaySettings>) => call('today.settings.set', change),
    onSuccess: (value) => {
      client.setQueryData([...account, 'today', 'settings'], value);
      // The page counts low stock under the threshold: read it again when next shown.
      client.invalidateQueries({ queryKey: [...account, 'today', 'page'] }).catch(() => undefined);
    },
  });
}

/** Settings → Today: the page Dockdesk opens after sign-in, and below what fulfillable quantity stock is low. */
export function TodaySettingsPanel() {
  const settings = useTodaySettings();
  const save = useSaveTodaySettings();
  const { t } = useT();
  if (!settings.data) return null;
  const { startPage, lowStockThreshold } = settings.data.settings;
  return (
    <section aria-labelledby="today-settings-title" className="today-settings">
      {/* data-section: the palette's "Settings: Today" line finds the section in any language. */}
      <h2 id="today-settings-title" data-section="Today">
        {t('today.title')}
      </h2>
      <Select
        label={t('today.settings.startPage')}
        value={startPage}
        choices={startPages(t)}
        onChange={(path) => save.mutate({ startPage: path })}
        className="inline"
      />
      <LowStockForm key={lowStockThreshold} threshold={lowStockThreshold} save={save} />
      <p className="muted">{t('today.settings.lotsNote')}</p>
      {save.error && <ErrorNote error={save.error} prefix={t('today.settings.saveFailed')} />}
    </section>
  );
}

function LowStockForm({ threshold, save }: { threshold: number; save: ReturnType<typeof useSaveTodaySettings> }) {
  const [text, setText] = useState(String(threshold));
  const [problem, setProblem] = useState<string | null>(null);
  const { t } = useT();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = Number(text.trim());
    if (!/^\d{1,7}$/.test(text.trim()) || value < 1 || value > 1_000_000) return setProblem(t('today.settings.thresholdProblem', { min: 1, max: 1_000_000 }));
    setProblem(null);
    save.mutate({ lowStockThreshold: value });
  };
  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor="today-low-stock">{t('today.settings.lowStock')}</label>
      <input
        id="today-low-stock"
        inputMode="numeric"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={problem !== null}
        aria-describedby={problem ? 'today-low-stock-problem' : undefined}
      />
      <span>{t('today.settings.units')}</span>
      <button type="submit" disabled={save.isPending || text.trim() === String(threshold)}>
        {t('today.settings.save')}
      </button>
      {problem && (
        <p id="today-low-stock-problem" className="field-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
