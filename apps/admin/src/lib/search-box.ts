import { useEffect, useRef, useState } from 'react';

/** How long a search box waits after the last key before it searches. */
export const SEARCH_BOX_DEBOUNCE_MS = 350;

/**
 * A list's search box: the typed text now, `apply` once typing pauses (or at once on `submit`).
 * `reset` empties the box without a search (the caller clears its filters itself).
 */
export function useSearchBox(initial: string, apply: (text: string) => void) {
  const [text, setText] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const submit = (value = text) => {
    clearTimeout(timer.current);
    apply(value.trim());
  };
  return {
    text,
    change: (value: string) => {
      setText(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => submit(value), SEARCH_BOX_DEBOUNCE_MS);
    },
    submit: () => submit(),
    reset: () => {
      clearTimeout(timer.current);
      setText('');
    },
  };
}
