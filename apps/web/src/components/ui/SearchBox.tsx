import { useEffect, useRef, useState } from 'react';
import { Search } from 'lucide-react';

export interface SearchBoxProps {
  value: string;
  onSearch: (value: string) => void;
  placeholder: string;
  /** Debounce delay of this screen (docs/product.md §5: 700 ms utes, 500 ms users). */
  delayMs?: number;
  label?: string;
}

/** A search input that calls onSearch once typing pauses for delayMs. */
export function SearchBox({ value, onSearch, placeholder, delayMs = 500, label }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const latestOnSearch = useRef(onSearch);
  latestOnSearch.current = onSearch;

  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return undefined;
    const timer = setTimeout(() => latestOnSearch.current(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, delayMs]);

  return (
    <label className="relative block w-full max-w-sm">
      <span className="sr-only">{label ?? placeholder}</span>
      <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
      <input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        className="w-full rounded-md border border-slate-300 bg-white py-2 pl-9 pr-3 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
      />
    </label>
  );
}
