import type { Key } from 'react-aria-components';
import {
  Button,
  ComboBox as AriaComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
} from 'react-aria-components';
import { useT } from '../i18n/useT';

export interface Choice<K extends string> {
  id: K;
  label: string;
}

/** A labelled choice from a short list (React Aria Select: type-ahead, arrows, Escape closes). */
export function Select<K extends string>({
  label,
  value,
  choices,
  onChange,
  className,
}: {
  label: string;
  value: K;
  choices: readonly Choice<K>[];
  onChange: (value: K) => void;
  className?: string;
}) {
  return (
    <AriaSelect className={`select ${className ?? ''}`} selectedKey={value} onSelectionChange={(key: Key | null) => key !== null && onChange(String(key) as K)}>
      <Label>{label}</Label>
      <Button className="select-button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="popover">
        <ListBox className="listbox" items={choices}>
          {(c) => <ListBoxItem id={c.id}>{c.label}</ListBoxItem>}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}

/** A labelled choice from a longer list, filtered as the user types (React Aria ComboBox). */
export function ComboBox<K extends string>({
  label,
  value,
  choices,
  onChange,
  placeholder,
  errorMessage,
}: {
  label: string;
  value: K | null;
  choices: readonly Choice<K>[];
  onChange: (value: K | null) => void;
  placeholder?: string;
  /** Shown under the field, which is then marked invalid (aria-invalid, described by the message). */
  errorMessage?: string | undefined;
}) {
  const { t } = useT();
  return (
    <AriaComboBox
      className="combobox"
      isInvalid={Boolean(errorMessage)}
      selectedKey={value}
      onSelectionChange={(key: Key | null) => onChange(key === null ? null : (String(key) as K))}
      defaultItems={choices}
      // Opens on typing, ArrowDown or the button (the APG combobox pattern), not on focus: a field that
      // receives focus (a refused submit moves it there) does not cover the form with its list.
      menuTrigger="input"
    >
      <Label>{label}</Label>
      <div className="combobox-field">
        <Input placeholder={placeholder} />
        <Button aria-label={t('ui.combobox.show', { label })}>▾</Button>
      </div>
      <FieldError className="field-error">{errorMessage}</FieldError>
      <Popover className="popover">
        <ListBox className="listbox">{(c: Choice<K>) => <ListBoxItem id={c.id}>{c.label}</ListBoxItem>}</ListBox>
      </Popover>
    </AriaComboBox>
  );
}
