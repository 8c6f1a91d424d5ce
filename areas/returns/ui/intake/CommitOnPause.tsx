import { useEffect, useRef, type RefObject } from 'react';

/** How long typing pauses before the text goes into the draft (and so to disk). */
const TYPING_PAUSE_MS = 200;

/**
 * A text input that writes to the draft when typing pauses, on Enter and on leaving it, instead of on
 * every key: a scan's first keys land in the focused field before the detector knows they are a scan,
 * and redrawing and saving the return on each would stall the page in the middle of the burst.
 * A value set from outside (a scan, a restored draft) replaces the text and drops a pending write.
 */
export function CommitOnPause({
  id,
  inputRef,
  value,
  maxLength,
  invalid,
  onCommit,
  onEnter,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  maxLength: number;
  invalid: boolean;
  onCommit: (value: string) => void;
  onEnter: () => void;
}) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const commitNow = () => {
    cancel();
    const text = inputRef.current?.value ?? '';
    if (text !== value) onCommit(text);
  };
  useEffect(() => {
    cancel();
    if (inputRef.current && inputRef.current.value !== value) inputRef.current.value = value;
  }, [value, inputRef]);
  useEffect(() => cancel, []);
  return (
    <input
      id={id}
      ref={inputRef}
      defaultValue={value}
      maxLength={maxLength}
      autoComplete="off"
      aria-invalid={invalid || undefined}
      onInput={() => {
        cancel();
        timer.current = setTimeout(commitNow, TYPING_PAUSE_MS);
      }}
      onBlur={commitNow}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          commitNow();
          onEnter();
        }
      }}
    />
  );
}
