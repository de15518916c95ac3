import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { mentionTokenOf, NOTE_MAX_LENGTH, type MentionableAdmin } from '@ute/contract';
import { fieldClass } from '../../components/ui';

export interface MentionTextareaProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The admins who may be mentioned here (those who may open the record). */
  admins: readonly MentionableAdmin[];
  disabled?: boolean;
  rows?: number;
}

/** The `@…` being typed just before the caret: what the autocomplete filters by (null when none). */
function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0 || (at > 0 && /\S/.test(before[at - 1]))) return null;
  const query = before.slice(at + 1);
  if (query.length > 40 || /[[\]\n]/.test(query)) return null;
  return { start: at, query };
}

const MAX_OPTIONS = 8;

/**
 * A textarea with an `@` autocomplete of admins: typing `@` and part of a name opens a listbox of the
 * matching admins; ArrowUp/ArrowDown move through it, Enter or Tab inserts `@[Name]`, Escape closes
 * it. The textarea points at the listbox and its active option (aria-activedescendant), so a screen reader
 * follows it.
 */
export function MentionTextarea({ label, value, onChange, admins, disabled = false, rows = 3 }: MentionTextareaProps) {
  const id = useId();
  const listboxId = `${id}-mentions`;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const pendingCaret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    if (caret === null || !textarea.current) return;
    pendingCaret.current = null;
    textarea.current.focus();
    textarea.current.setSelectionRange(caret, caret);
  }, [value]);

  const options = mention ? admins.filter((admin) => admin.name.toLowerCase().includes(mention.query.trim().toLowerCase())).slice(0, MAX_OPTIONS) : [];
  const isOpen = mention !== null && options.length > 0;

  const updateMention = (text: string, caret: number) => {
    setMention(mentionQueryAt(text, caret));
    setActiveIndex(0);
  };

  const insert = (admin: MentionableAdmin) => {
    if (!mention) return;
    const caret = mention.start + 1 + mention.query.length;
    const token = `${mentionTokenOf(admin.name)} `;
    const next = `${value.slice(0, mention.start)}${token}${value.slice(caret)}`;
    onChange(next);
    setMention(null);
    // Placed once the new value is rendered (below), before any further key reaches the textarea.
    pendingCaret.current = mention.start + token.length;
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isOpen) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + options.length) % options.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      insert(options[Math.min(activeIndex, options.length - 1)]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation(); // closes the listbox, not the dialog around it
      setMention(null);
    }
  };

  const activeId = isOpen ? `${listboxId}-${Math.min(activeIndex, options.length - 1)}` : undefined;
  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        ref={textarea}
        id={id}
        // A textarea cannot take the combobox role (axe, ARIA in HTML): it stays a textbox that names its
        // listbox and follows the active option with aria-activedescendant.
        aria-autocomplete="list"
        aria-controls={listboxId}
        aria-activedescendant={activeId}
        className={`${fieldClass} w-full`}
        rows={rows}
        maxLength={NOTE_MAX_LENGTH}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          onChange(event.target.value);
          updateMention(event.target.value, event.target.selectionStart);
        }}
        onKeyDown={handleKeyDown}
        onClick={(event) => updateMention(event.currentTarget.value, event.currentTarget.selectionStart)}
        onBlur={() => setMention(null)}
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Admins to mention"
        hidden={!isOpen}
        className="absolute left-0 top-full z-10 mt-1 max-h-56 w-72 overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
      >
        {isOpen &&
          options.map((admin, index) => (
            <li
              key={admin.id}
              id={`${listboxId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className={`cursor-pointer px-3 py-1.5 ${index === activeIndex ? 'bg-brand-50 text-brand-800' : 'text-slate-800'}`}
              // mousedown, not click: the textarea's blur would close the list first.
              onMouseDown={(event) => {
                event.preventDefault();
                insert(admin);
              }}
            >
              {admin.name}
              <span className="ml-2 text-xs text-slate-500">{admin.roles.join(', ')}</span>
            </li>
          ))}
      </ul>
    </div>
  );
}
