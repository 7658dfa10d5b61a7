import { useEffect, useState } from 'react';

const SEARCH_DEBOUNCE_MS = 250;

/** The value once typing pauses, so a search box does not send a request per keystroke. */
export function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}
