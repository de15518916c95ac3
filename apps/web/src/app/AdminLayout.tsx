import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  Briefcase,
  CalendarCheck,
  ChartLine,
  ClipboardList,
  CreditCard,
  FileText,
  HelpCircle,
  KeyRound,
  Landmark,
  LayoutDashboard,
  ListChecks,
  LogOut,
  Menu,
  MessageSquare,
  Receipt,
  Scale,
  ScrollText,
  Settings,
  ShieldAlert,
  ShieldCheck,
  ShieldOff,
  Truck,
  Undo2,
  UserCog,
  Users,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import { accessTexts } from '@ute/contract';
import { Button, Modal } from '../components/ui';
import { canOpen, canOpenScreen, screens, sidebarScreens, type ScreenIcon } from '../config/screens';
import { signOut } from '../features/auth/api';
import { GlobalSearch } from '../features/search/GlobalSearch';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { useLiveEvents } from '../features/liveEvents/useLiveEvents';
import { useWorkQueues } from '../features/workQueues/api';
import { WorkQueueBadge } from '../features/workQueues/WorkQueueBadge';
import { workQueueOfScreen } from '../features/workQueues/workQueueLinks';
import { sessionActions, useSession } from '../lib/session';

/** The component of each icon config/screens names: a name without one does not compile. */
const SIDEBAR_ICONS: Record<ScreenIcon, LucideIcon> = {
  LayoutDashboard,
  ChartLine,
  Truck,
  Briefcase,
  CalendarCheck,
  ClipboardList,
  Receipt,
  Users,
  CreditCard,
  MessageSquare,
  KeyRound,
  FileText,
  HelpCircle,
  UserCog,
  ScrollText,
  ShieldCheck,
  Scale,
  Settings,
  Webhook,
  ListChecks,
  ShieldAlert,
  Landmark,
  Undo2,
};

/** A deep link to a screen the admin's roles do not open: said plainly, instead of a list of 403s. */
function NoAccess() {
  return (
    <section className="mx-auto mt-12 max-w-md text-center" aria-labelledby="no-access-title">
      <ShieldOff className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
      <h1 id="no-access-title" className="mt-3 text-xl font-semibold text-slate-900">
        {accessTexts.forbiddenScreen}
      </h1>
      <p className="mt-2 text-sm text-slate-700">Ask an owner for the role this screen needs.</p>
      <Link to={screens.dashboard.path} className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
        Go to the dashboard
      </Link>
    </section>
  );
}

export function AdminLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [isLogoutOpen, setIsLogoutOpen] = useState(false);
  const [isSidebarOpen, setIsSidebarOpen] = useState(false);
  const roles = useSession((session) => session.user?.roles ?? []);
  const sidebarEntries = sidebarScreens.filter((screen) => canOpen(roles, screen));
  const workQueues = useWorkQueues();
  // One stream per signed-in tab: counts, colleagues' changes and notifications as they happen.
  useLiveEvents();

  const handleLogout = async () => {
    // The server revokes the token too (docs/design.md decision 12); the local sign-out happens regardless.
    await signOut().catch(() => undefined);
    sessionActions.clear();
    queryClient.clear();
    setIsLogoutOpen(false);
    void navigate(screens.signIn.path, { replace: true });
  };

  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-4">
        <button
          type="button"
          className="rounded p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          aria-label={isSidebarOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={isSidebarOpen}
          aria-controls="sidebar"
          onClick={() => setIsSidebarOpen((open) => !open)}
        >
          <Menu className="h-5 w-5" aria-hidden="true" />
        </button>
        <Link to={screens.dashboard.path} className="flex items-center gap-2" aria-label="Ute Back-office home">
          <img src="/logo.svg" alt="" width={40} height={25} />
          <span className="hidden font-semibold text-slate-900 sm:inline">Ute Back-office</span>
        </Link>
        <GlobalSearch />
        <NotificationBell />
      </header>
      <div className="flex">
        <aside
          id="sidebar"
          className={`${isSidebarOpen ? 'block' : 'hidden'} fixed inset-y-14 left-0 z-20 w-60 overflow-y-auto border-r border-slate-200 bg-white lg:sticky lg:top-14 lg:block lg:h-[calc(100vh-3.5rem)]`}
        >
          <nav aria-label="Main" className="flex h-full flex-col p-3">
            <ul className="flex flex-col gap-0.5">
              {sidebarEntries.map(({ id, label, path, icon }) => {
                const queue = workQueueOfScreen(path);
                const Icon = SIDEBAR_ICONS[icon];
                return (
                  <li key={id} className="relative">
                    <NavLink
                      to={path}
                      end={path === screens.dashboard.path}
                      onClick={() => setIsSidebarOpen(false)}
                      className={({ isActive }) =>
                        `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-600 text-white' : 'text-slate-800 hover:bg-slate-100'}`
                      }
                    >
                      <Icon className="h-4 w-4" aria-hidden="true" />
                      {label}
                    </NavLink>
                    {/* Beside the entry, not inside it: a link in a link is invalid, and the entry keeps its name. */}
                    {queue && (
                      <span className="absolute right-2 top-1/2 -translate-y-1/2">
                        <WorkQueueBadge queue={queue} count={workQueues.data?.[queue]} onNavigate={() => setIsSidebarOpen(false)} />
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
            <Button variant="ghost" className="mt-4 justify-start" onClick={() => setIsLogoutOpen(true)}>
              <LogOut className="h-4 w-4" aria-hidden="true" />
              Log Out
            </Button>
          </nav>
        </aside>
        <main className="min-w-0 flex-1 p-4 sm:p-6" key={location.pathname}>
          {canOpenScreen(roles, location.pathname) ? <Outlet /> : <NoAccess />}
        </main>
      </div>
      <Modal
        open={isLogoutOpen}
        onOpenChange={setIsLogoutOpen}
        title="Log Out"
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setIsLogoutOpen(false)}>
              No, cancel
            </Button>
            <Button variant="danger" onClick={() => void handleLogout()}>
              Yes, Logout
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-800">Are you sure you want to logout?</p>
      </Modal>
    </div>
  );
}
