import {
  Briefcase,
  CalendarCheck,
  ClipboardList,
  CreditCard,
  FileText,
  HelpCircle,
  KeyRound,
  LayoutDashboard,
  MessageSquare,
  Receipt,
  ScrollText,
  ShieldCheck,
  Truck,
  UserCog,
  Users,
} from 'lucide-react';
import { canCall, type RouteName } from '@ute/contract';

/**
 * The screens, by the first segment of their path, and the call each one is built on: an admin may
 * open a screen when the contract's ROUTE_ACCESS lets them make that call. The server decides
 * again on every call; this only keeps the menu and the screens honest.
 */
export const SCREEN_ROUTES: Record<string, RouteName> = {
  '': 'dashboard',
  'ute-list': 'utes',
  'job-list': 'jobs',
  'booking-list': 'uteBookings',
  'job-booking-list': 'jobBookings',
  quotes: 'quotes',
  shipment: 'shipment',
  'all-users': 'users',
  'users-activity': 'activities',
  users: 'userStory',
  'payment-history': 'payments',
  queries: 'queries',
  'change-password': 'changePassword',
  blogs: 'blogs',
  faq: 'faqs',
  admins: 'admins',
  'audit-log': 'auditLog',
  security: 'twoFactorStatus',
};

/** Whether an admin holding `roles` may open the screen at `pathname` (unknown screens: yes, they show "Page not found"). */
export function canOpenScreen(roles: readonly string[], pathname: string): boolean {
  const route = SCREEN_ROUTES[pathname.split('/')[1] ?? ''];
  return route === undefined || canCall(roles, route);
}

/** The sidebar: docs/product.md's 11 entries with Quotes after Job Booking List (docs/design.md decision 1), then issue 15's. */
export const SIDEBAR_ENTRIES = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard },
  { label: 'Ute List', to: '/ute-list', icon: Truck },
  { label: 'Job List', to: '/job-list', icon: Briefcase },
  { label: 'Ute Booking List', to: '/booking-list', icon: CalendarCheck },
  { label: 'Job Booking List', to: '/job-booking-list', icon: ClipboardList },
  { label: 'Quotes', to: '/quotes', icon: Receipt },
  { label: 'Users List', to: '/all-users', icon: Users },
  { label: 'Payment History', to: '/payment-history', icon: CreditCard },
  { label: 'Queries', to: '/queries', icon: MessageSquare },
  { label: 'Change Password', to: '/change-password', icon: KeyRound },
  { label: 'blogs', to: '/blogs', icon: FileText },
  { label: 'faq', to: '/faq', icon: HelpCircle },
  { label: 'Admins', to: '/admins', icon: UserCog },
  { label: 'Audit Log', to: '/audit-log', icon: ScrollText },
  { label: 'Security', to: '/security', icon: ShieldCheck },
] as const;
