const TONES = {
  green: 'bg-green-100 text-green-800',
  red: 'bg-red-100 text-red-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  grey: 'bg-slate-200 text-slate-800',
  blue: 'bg-blue-100 text-blue-800',
} as const;
export type BadgeTone = keyof typeof TONES;

/** A coloured pill; the screens pick the tone (the status colours are in src/domain/statusTones.ts). */
export function StatusBadge({ label, tone }: { label: string; tone: BadgeTone }) {
  return <span className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{label}</span>;
}
