import { Tabs as RadixTabs } from 'radix-ui';

export interface TabOption<T extends string> {
  value: T;
  label: string;
}

/** A tab strip whose value the screen keeps (usually in the URL). */
export function TabStrip<T extends string>({
  value,
  options,
  onChange,
  label,
}: {
  value: T;
  options: TabOption<T>[];
  onChange: (value: T) => void;
  label: string;
}) {
  return (
    <RadixTabs.Root value={value} onValueChange={(next) => onChange(next as T)}>
      <RadixTabs.List aria-label={label} className="mb-4 inline-flex gap-1 rounded-lg bg-slate-200 p-1">
        {options.map((option) => (
          <RadixTabs.Trigger
            key={option.value}
            value={option.value}
            // The screen renders its content below the strip, not in Radix panels: point at nothing.
            aria-controls={undefined}
            className="rounded-md px-4 py-1.5 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow"
          >
            {option.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
    </RadixTabs.Root>
  );
}
