import { useContext, type KeyboardEvent } from 'react';
import type { Key } from 'react-aria-components';
import {
  Button,
  ComboBox as AriaComboBox,
  ComboBoxStateContext,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  useFilter,
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
  const { contains } = useFilter({ sensitivity: 'base' });
  return (
    <AriaComboBox
      className="combobox"
      isInvalid={Boolean(errorMessage)}
      selectedKey={value}
      onSelectionChange={(key: Key | null) => onChange(key === null ? null : (String(key) as K))}
      defaultItems={choices}
      // Named here, not left to React Aria's default, so the list shown and ComboInput's matches agree.
      defaultFilter={contains}
      // Opens on typing, ArrowDown or the button (the APG combobox pattern), not on focus: a field that
      // receives focus (a refused submit moves it there) does not cover the form with its list.
      menuTrigger="input"
    >
      <Label>{label}</Label>
      <div className="combobox-field">
        <ComboInput choices={choices} contains={contains} placeholder={placeholder} />
        <Button aria-label={t('ui.combobox.show', { label })}>▾</Button>
      </div>
      <FieldError className="field-error">{errorMessage}</FieldError>
      <Popover className="popover">
        <ListBox className="listbox">{(c: Choice<K>) => <ListBoxItem id={c.id}>{c.label}</ListBoxItem>}</ListBox>
      </Popover>
    </AriaComboBox>
  );
}

/**
 * The combo box's field: Enter and Tab take the match the clerk means, and never empty what was typed.
 * React Aria takes only a highlighted option; with none it resets the field to the choice before
 * (empty for a new one), so "Moreno" and Enter would lose both the typing and the center. Here, before
 * React Aria's own handler reads it, the match is highlighted: the only one left, or the one named
 * exactly as typed; React Aria then chooses it as if the clerk had moved to it. With several left
 * (Enter only), the first is highlighted and the text kept, so the next Enter takes it; with none, the
 * text stays to be corrected. Tab with several or none moves on as React Aria does (the field shows
 * the choice it holds).
 */
function ComboInput<K extends string>({
  choices,
  contains,
  placeholder,
}: {
  choices: readonly Choice<K>[];
  contains: (text: string, typed: string) => boolean;
  placeholder: string | undefined;
}) {
  const state = useContext(ComboBoxStateContext);
  const onKeyDownCapture = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!state || (e.key !== 'Enter' && e.key !== 'Tab') || e.altKey || e.ctrlKey || e.metaKey) return;
    const manager = state.selectionManager;
    if (state.isOpen && manager.focusedKey !== null) return;
    const typed = state.inputValue.trim();
    const chosen = state.selectedItem?.textValue ?? '';
    if (typed === '' || state.inputValue === chosen) return;
    const matches = choices.filter((c) => contains(c.label, typed));
    const exact = matches.find((c) => c.label.trim().toLocaleLowerCase() === typed.toLocaleLowerCase());
    const meant = matches.length === 1 ? matches[0] : exact;
    const keep = () => {
      e.preventDefault();
      e.stopPropagation();
    };
    if (meant && state.isOpen) manager.setFocusedKey(meant.id);
    else if (meant) {
      state.setValue(meant.id);
      if (e.key === 'Enter') keep();
    } else if (e.key === 'Enter') {
      keep();
      if (matches[0] && state.isOpen) manager.setFocusedKey(matches[0].id);
      else if (matches[0]) state.open('first', 'input');
    }
  };
  return <Input placeholder={placeholder} onKeyDownCapture={onKeyDownCapture} />;
}
