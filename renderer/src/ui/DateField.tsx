import { parseDate, parseDateTime, type CalendarDate, type CalendarDateTime } from '@internationalized/date';
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
  Label,
  Popover,
  Text,
  type DateValue,
} from 'react-aria-components';
import { useT } from '../i18n/useT';
import { useRestorable } from '../scan/useRestorable';
import './day-range.css';

/**
 * A date, or a date and time, from the component kit: a React Aria date picker typed into by
 * segments (digits fill, arrows step; Tab and the segment's own rhythm move on) or picked from a
 * calendar (the button or Alt+↓). The segments' order, their placeholders (mm/dd/yyyy, tt.mm.jjjj)
 * and the 12- or 24-hour clock are the desk's locale's (React Aria's I18nProvider in I18nRoot), so no
 * hint here spells a format out. Keys typed into a segment go there at once, never held back. A scan
 * typed into one is no date: the scan service puts the field back as it was (a new picker, so no
 * half-typed segment of the scan stays) and hands the scan to the view, as from a quantity box.
 *
 * Values are the strings the forms already store: 'YYYY-MM-DD' for a day, 'YYYY-MM-DDTHH:mm' for a
 * date and time (no zone: `description` says in which zone it is meant). A half-typed value is not a
 * value yet: only whole ones (or a cleared field, as '') reach `onChange`. The wrapper carries the
 * value as `data-value`, so what the form holds can be read back as it is.
 */
export function DateField({
  label,
  visibleLabel = true,
  granularity,
  value,
  onChange,
  invalid = false,
  describedBy,
  description,
  className,
}: {
  /** The field's name, shown above it unless `visibleLabel` is false (a table cell's field). */
  label: string;
  visibleLabel?: boolean;
  granularity: 'day' | 'minute';
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  /** The id of the text that says what is wrong with the value. */
  describedBy?: string;
  /** A line under the field, e.g. the zone the time is in. */
  description?: string;
  className?: string;
}) {
  const { t } = useT();
  const parsed = granularity === 'day' ? toDay(value) : toDateTime(value);
  const { ref: group, generation } = useRestorable(value, onChange, '[role="spinbutton"]');
  return (
    <DatePicker
      key={generation}
      className={['day-field', 'date-field', className].filter(Boolean).join(' ')}
      data-value={value}
      {...(visibleLabel ? {} : { 'aria-label': label })}
      {...(describedBy ? { 'aria-describedby': describedBy } : {})}
      value={parsed}
      isInvalid={invalid}
      granularity={granularity}
      shouldForceLeadingZeros
      onChange={(v: DateValue | null) => onChange(v ? v.toString().slice(0, granularity === 'day' ? 10 : 16) : '')}
    >
      {visibleLabel && <Label>{label}</Label>}
      <Group className="day-field-group" ref={group}>
        <DateInput className="day-field-input">{(segment) => <DateSegment className="day-segment" segment={segment} />}</DateInput>
        <Button className="day-field-button" aria-label={t('ui.date.calendarFor', { label })}>
          <span aria-hidden="true">▾</span>
        </Button>
      </Group>
      {description && (
        <Text slot="description" className="hint date-field-description">
          {description}
        </Text>
      )}
      <Popover className="popover day-popover">
        <Dialog className="day-dialog" aria-label={t('ui.date.calendarFor', { label })}>
          <Calendar className="day-calendar">
            <header>
              <Button slot="previous" aria-label={t('ui.date.previousMonth')}>
                ‹
              </Button>
              <Heading />
              <Button slot="next" aria-label={t('ui.date.nextMonth')}>
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

function toDay(day: string): CalendarDate | null {
  if (!day) return null;
  try {
    return parseDate(day.slice(0, 10));
  } catch {
    return null;
  }
}

function toDateTime(value: string): CalendarDateTime | null {
  if (!value) return null;
  try {
    return parseDateTime(value);
  } catch {
    return null;
  }
}
