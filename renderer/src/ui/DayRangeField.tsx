import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Popover,
  type DateValue,
} from 'react-aria-components';
import './day-range.css';

/**
 * A range of days from the component kit: two React Aria date pickers, "from" and "to", each typed
 * into by segments (arrows step, digits fill) or picked from a calendar (the button or Alt+↓ opens
 * it; arrows, Enter, Escape). Either side may stay empty (an open-ended range), which a single range
 * picker cannot express. Values are 'YYYY-MM-DD' strings, as the addresses and main take them;
 * "to" before "from" is marked invalid on the field and said in words.
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
  const start = toDate(from);
  const end = toDate(to);
  const reversed = start !== null && end !== null && end.compare(start) < 0;
  return (
    <fieldset className="day-range">
      <legend>{legend}</legend>
      <DayField label={fromLabel} value={start} invalid={false} onChange={(d) => onChange(d ?? undefined, to)} />
      <span aria-hidden="true">–</span>
      <DayField label={toLabel} value={end} invalid={reversed} onChange={(d) => onChange(from, d ?? undefined)} />
      {reversed && sayReversed && (
        <span className="field-error" role="alert">
          The end is before the start.
        </span>
      )}
    </fieldset>
  );
}

function DayField({
  label,
  value,
  invalid,
  onChange,
}: {
  label: string;
  value: CalendarDate | null;
  invalid: boolean;
  onChange: (day: string | null) => void;
}) {
  return (
    <DatePicker
      className="day-field"
      aria-label={label}
      value={value}
      isInvalid={invalid}
      granularity="day"
      // A half-typed date is not a value yet: only whole dates (or a cleared field) reach the caller.
      onChange={(v: DateValue | null) => onChange(v ? v.toString().slice(0, 10) : null)}
    >
      <Group className="day-field-group">
        <DateInput className="day-field-input">{(segment) => <DateSegment className="day-segment" segment={segment} />}</DateInput>
        <Button className="day-field-button" aria-label={`Calendar for ${label}`}>
          <span aria-hidden="true">▾</span>
        </Button>
      </Group>
      <Popover className="popover day-popover">
        <Dialog className="day-dialog" aria-label={`Calendar for ${label}`}>
          <Calendar className="day-calendar">
            <header>
              <Button slot="previous" aria-label="Previous month">
                ‹
              </Button>
              <Heading />
              <Button slot="next" aria-label="Next month">
                ›
              </Button>
            </header>
            <CalendarGrid>{(date) => <CalendarCell className="day-cell" date={date} />}</CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  );
}

function toDate(day: string | undefined): CalendarDate | null {
  if (!day) return null;
  try {
    return parseDate(day);
  } catch {
    return null;
  }
}
