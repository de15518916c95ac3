import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { SEARCH_GROUP_LABELS, SEARCH_TERM_MIN_LENGTH, type SearchGroup, type SearchHit } from '@ute/contract';
import { Modal } from '../../components/ui';
import { errorText } from '../../lib/toast';
import { GLOBAL_SEARCH_DELAY_MS, isSearchable, useGlobalSearch } from './api';
import { hitLinkOf } from './searchLinks';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export const SEARCH_SHORTCUT_LABEL = isMac ? '⌘K' : 'Ctrl K';

export const globalSearchTexts = {
  open: 'Search',
  placeholder: 'Search users, utes, jobs, bookings, queries…',
  tooShort: `Type at least ${SEARCH_TERM_MIN_LENGTH} characters: a name, an email, or an id such as UTE-000123 or UB-000045.`,
  searching: 'Searching…',
  nothing: (term: string) => `Nothing found for "${term}".`,
} as const;

/** `term` once typing has paused. */
function useSettledValue(term: string, delayMs: number): string {
  const [settled, setSettled] = useState(term);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(term), delayMs);
    return () => clearTimeout(timer);
  }, [term, delayMs]);
  return settled;
}

interface FlatHit extends SearchHit {
  group: SearchGroup;
  index: number;
}

/**
 * Global search: a box in the header, and Ctrl/Cmd-K anywhere, open a dialog that finds users,
 * utes, jobs, bookings and queries at once. Results come grouped; the arrow keys move through them
 * all and Enter opens one, on its list with the row opened.
 */
export function GlobalSearch() {
  const [isOpen, setIsOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setIsOpen((open) => !open);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={() => setIsOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        className="ml-auto flex min-w-0 items-center gap-2 rounded-md border border-slate-300 bg-slate-50 px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-100 sm:w-60"
      >
        <Search className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{globalSearchTexts.open}</span>
        <kbd className="ml-auto hidden whitespace-nowrap rounded border border-slate-300 bg-white px-1.5 text-xs text-slate-600 sm:inline">
          {SEARCH_SHORTCUT_LABEL}
        </kbd>
      </button>
      {isOpen && <SearchDialog onClose={() => setIsOpen(false)} />}
    </>
  );
}

function SearchDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const listId = useId();
  const [term, setTerm] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const settledTerm = useSettledValue(term, GLOBAL_SEARCH_DELAY_MS);
  const search = useGlobalSearch(settledTerm);
  const groups = isSearchable(settledTerm) ? (search.data ?? []).filter((group) => group.hits.length > 0) : [];
  const hits: FlatHit[] = [];
  for (const { group, hits: groupHits } of groups) for (const hit of groupHits) hits.push({ ...hit, group, index: hits.length });
  const active = hits[Math.min(activeIndex, hits.length - 1)];

  const open = (hit: FlatHit) => {
    onClose();
    void navigate(hitLinkOf(hit.group, hit.id));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (hits.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex(((active?.index ?? 0) + step + hits.length) % hits.length);
    } else if (event.key === 'Enter' && active) {
      event.preventDefault();
      open(active);
    }
  };

  let status: string | null = null;
  if (!isSearchable(term)) status = globalSearchTexts.tooShort;
  else if (search.isError) status = errorText(search.error);
  else if (search.isFetching || term.trim() !== settledTerm.trim()) status = hits.length === 0 ? globalSearchTexts.searching : null;
  else if (hits.length === 0) status = globalSearchTexts.nothing(settledTerm.trim());

  return (
    <Modal open onOpenChange={(next) => !next && onClose()} title="Search" size="md">
      <input
        autoFocus
        type="search"
        role="combobox"
        aria-label="Search everything"
        aria-expanded={hits.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active ? `${listId}-${active.index}` : undefined}
        placeholder={globalSearchTexts.placeholder}
        value={term}
        maxLength={100}
        onChange={(event) => {
          setTerm(event.target.value);
          setActiveIndex(0);
        }}
        onKeyDown={onKeyDown}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
      />
      <p role="status" className="mt-3 text-sm text-slate-700 empty:hidden">
        {status}
      </p>
      <div id={listId} role="listbox" aria-label="Search results" className="mt-2 flex max-h-[60vh] flex-col gap-3 overflow-y-auto">
        {groups.map(({ group, hits: groupHits }) => (
          <div key={group} role="group" aria-labelledby={`${listId}-${group}`}>
            <p id={`${listId}-${group}`} className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
              {SEARCH_GROUP_LABELS[group]}
            </p>
            {groupHits.map((hit) => {
              const flat = hits.find((candidate) => candidate.group === group && candidate.id === hit.id)!;
              const isActive = flat === active;
              return (
                <div
                  key={hit.id}
                  id={`${listId}-${flat.index}`}
                  role="option"
                  aria-selected={isActive}
                  onMouseEnter={() => setActiveIndex(flat.index)}
                  onClick={() => open(flat)}
                  className={`cursor-pointer rounded-md px-2 py-1.5 ${isActive ? 'bg-brand-50 ring-1 ring-brand-600' : 'hover:bg-slate-50'}`}
                >
                  <span className="block truncate text-sm font-medium text-slate-900">{hit.title}</span>
                  <span className="block truncate text-xs text-slate-600">{hit.detail}</span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </Modal>
  );
}
