import { useState, type FormEvent } from 'react';

/**
 * A text filter of a list, applied on Enter (or on leaving the field), so typing does not ask the
 * service on each key. Follows the address: a new value from outside (Back, Clear filters) replaces
 * what is typed.
 */
export function TextFilter({
  label,
  value,
  onApply,
  placeholder,
  name,
}: {
  label: string;
  value: string | undefined;
  onApply: (v: string | undefined) => void;
  placeholder?: string;
  name: string;
}) {
  const [draft, setDraft] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value ?? '');
  }
  const apply = (e?: FormEvent) => {
    e?.preventDefault();
    const next = draft.trim() || undefined;
    if (next !== value) onApply(next);
  };
  return (
    <form className="text-filter" role="search" aria-label={label} onSubmit={apply}>
      <label htmlFor={`filter-${name}`}>{label}</label>
      <input
        id={`filter-${name}`}
        name={name}
        type="search"
        value={draft}
        placeholder={placeholder}
        maxLength={100}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => apply()}
      />
    </form>
  );
}
