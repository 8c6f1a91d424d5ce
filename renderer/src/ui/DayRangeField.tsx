import { parseDate } from '@internationalized/date';
import { useId } from 'react';
import { useT } from '../i18n/useT';
import { DateField } from './DateField';

/**
 * A range of days: two of the kit's date fields (DateField), "from" and "to", so a day is typed into
 * the same segments here as everywhere else (digits fill, arrows step) or picked from a calendar (the
 * button or Alt+↓). Either side may stay empty (an open-ended range), which a single range picker
 * cannot express. Values are 'YYYY-MM-DD' strings, as the addresses and main take them; "to" before
 * "from" is marked invalid on the field and said in words.
 */
export function DayRangeField({
  legend,
  fromLabel,
  toLabel,
  from,
  to,
  onChange,
  sayReversed = true,
}: {
  legend: string;
  /** Accessible names of the two sides, e.g. "Created from" / "Created to". */
  fromLabel: string;
  toLabel: string;
  from: string | undefined;
  to: string | undefined;
  onChange: (from: string | undefined, to: string | undefined) => void;
  /** Say "the end is before the start" beside the fields; off where the view says it in its own words. */
  sayReversed?: boolean;
}) {
  const { t } = useT();
  const errorId = useId();
  const start = isDay(from) ? from : '';
  const end = isDay(to) ? to : '';
  // 'YYYY-MM-DD' strings compare as the days they name.
  const reversed = start !== '' && end !== '' && end < start;
  return (
    <fieldset className="day-range">
      <legend>{legend}</legend>
      <DateField label={fromLabel} visibleLabel={false} granularity="day" value={start} onChange={(d) => onChange(d || undefined, to)} />
      <span aria-hidden="true">–</span>
      <DateField
        label={toLabel}
        visibleLabel={false}
        granularity="day"
        value={end}
        invalid={reversed}
        {...(reversed && sayReversed ? { describedBy: errorId } : {})}
        onChange={(d) => onChange(from, d || undefined)}
      />
      {reversed && sayReversed && (
        <span id={errorId} className="field-error" role="alert">
          {t('ui.dayRange.reversed')}
        </span>
      )}
    </fieldset>
  );
}

/** A whole, real day ('YYYY-MM-DD'); anything else in an address shows as an empty side. */
function isDay(day: string | undefined): day is string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  try {
    parseDate(day);
    return true;
  } catch {
    return false;
  }
}
