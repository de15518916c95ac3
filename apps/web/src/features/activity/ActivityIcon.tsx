import {
  Ban,
  BriefcaseBusiness,
  CircleCheck,
  CircleX,
  CreditCard,
  HandCoins,
  KeyRound,
  ListChecks,
  LogIn,
  LogOut,
  NotebookPen,
  Send,
  Ticket,
  Truck,
  User,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

/** One icon and colour per activity type; unknown types get a neutral person icon. */
const ICONS: Record<string, { icon: LucideIcon; className: string }> = {
  'logged-in': { icon: LogIn, className: 'bg-emerald-100 text-emerald-700' },
  'logged-out': { icon: LogOut, className: 'bg-slate-200 text-slate-700' },
  'add-ute': { icon: Truck, className: 'bg-yellow-100 text-yellow-800' },
  'add-job': { icon: NotebookPen, className: 'bg-indigo-100 text-indigo-700' },
  'create-ute-booking': { icon: Ticket, className: 'bg-purple-100 text-purple-700' },
  'ute-accept-booking': { icon: CircleCheck, className: 'bg-green-100 text-green-700' },
  'ute-reject-booking': { icon: CircleX, className: 'bg-red-100 text-red-700' },
  'initiate-manual-payment': { icon: HandCoins, className: 'bg-blue-100 text-blue-700' },
  'initiate-stripe-ute-payment': { icon: CreditCard, className: 'bg-sky-100 text-sky-700' },
  'initiate-stripe-job-payment': { icon: Wallet, className: 'bg-violet-100 text-violet-700' },
  'uteOwner-apply-for-job': { icon: BriefcaseBusiness, className: 'bg-orange-100 text-orange-800' },
  'ute-dispatched': { icon: Send, className: 'bg-cyan-100 text-cyan-800' },
  'otp-send': { icon: KeyRound, className: 'bg-pink-100 text-pink-700' },
  completed: { icon: ListChecks, className: 'bg-green-200 text-green-800' },
  'job-request-rejected': { icon: Ban, className: 'bg-rose-100 text-rose-700' },
};
const FALLBACK = { icon: User, className: 'bg-slate-100 text-slate-700' };

export function ActivityIcon({ activity }: { activity: string }) {
  const { icon: Icon, className } = ICONS[activity] ?? FALLBACK;
  return (
    <span className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${className}`} data-activity-icon={activity}>
      <Icon className="h-4 w-4" aria-hidden="true" />
    </span>
  );
}
