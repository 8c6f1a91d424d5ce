import { useState, type FormEvent } from 'react';
import { usePreferences, useSetPreferences } from '../../../renderer/src/app/preferences';
import { useT } from '../../../renderer/src/i18n/useT';
import { ErrorNote } from '../../../renderer/src/ui/ErrorNote';
import './lots.css';

/** Settings → Lots: how many days ahead a lot's expiry is marked "expires soon" in Lot exclusions. */
export function ExpirySettings() {
  const preferences = usePreferences();
  const set = useSetPreferences();
  const days = preferences.data?.lotExpiryWarningDays ?? 30;
  // Keyed by the stored value, so the field shows what was saved after each save.
  return <ExpiryForm key={days} days={days} set={set} />;
}

function ExpiryForm({ days, set }: { days: number; set: ReturnType<typeof useSetPreferences> }) {
  const [text, setText] = useState(String(days));
  const [problem, setProblem] = useState<string | null>(null);
  const { t } = useT();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = Number(text.trim());
    if (!/^\d{1,4}$/.test(text.trim()) || value > 3650) return setProblem(t('lots.settings.invalid'));
    setProblem(null);
    set.mutate({ lotExpiryWarningDays: value });
  };
  return (
    <section aria-labelledby="lot-expiry-title" className="lot-expiry-settings">
      {/* data-section: the palette's "Settings: Lots" line finds the section in any language. */}
      <h2 id="lot-expiry-title" data-section="Lots">
        {t('lots.settings.title')}
      </h2>
      <form onSubmit={submit} noValidate>
        <label htmlFor="lot-expiry-days">{t('lots.settings.markWithin')}</label>
        <input
          id="lot-expiry-days"
          inputMode="numeric"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={problem !== null}
          aria-describedby={problem ? 'lot-expiry-problem' : undefined}
        />
        <span>{t('lots.settings.days', { days: Number(text.trim()) || 0 })}</span>
        <button type="submit" disabled={set.isPending || text.trim() === String(days)}>
          {t('lots.settings.save')}
        </button>
        {set.isSuccess && (
          <span role="status" className="muted">
            {t('lots.settings.saved')}
          </span>
        )}
      </form>
      {problem && (
        <p id="lot-expiry-problem" className="field-error" role="alert">
          {problem}
        </p>
      )}
      {set.error && <ErrorNote error={set.error} prefix={t('lots.settings.saveFailed')} />}
    </section>
  );
}
