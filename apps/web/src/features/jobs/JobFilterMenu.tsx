import { DropdownMenu } from 'radix-ui';
import { Check, ChevronDown, Filter } from 'lucide-react';
import type { JobSort } from '@ute/contract';
import { JOB_FILTER_OPTIONS } from './jobFilters';

/** The filter menu: No Filter, Budget: Low to High, Budget: High to Low. */
export function JobFilterMenu({ value, onChange }: { value: JobSort | undefined; onChange: (value: JobSort | '') => void }) {
  const current = JOB_FILTER_OPTIONS.find((option) => option.value === (value ?? '')) ?? JOB_FILTER_OPTIONS[0];
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
        <Filter className="h-4 w-4" aria-hidden="true" />
        <span>Filter:</span>
        <span>{current.label}</span>
        <ChevronDown className="h-4 w-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-52 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          <DropdownMenu.RadioGroup value={current.value} onValueChange={(next) => onChange(next as JobSort | '')}>
            {JOB_FILTER_OPTIONS.map((option) => (
              <DropdownMenu.RadioItem
                key={option.value || 'none'}
                value={option.value}
                className="relative flex cursor-pointer select-none items-center rounded px-2 py-1.5 pl-7 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
              >
                <DropdownMenu.ItemIndicator className="absolute left-2 inline-flex">
                  <Check className="h-4 w-4" aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
                {option.label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
