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
  Truck,
  Users,
} from 'lucide-react';

/** The sidebar: docs/product.md's 11 entries with Quotes after Job Booking List (docs/design.md decision 1). */
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
] as const;
