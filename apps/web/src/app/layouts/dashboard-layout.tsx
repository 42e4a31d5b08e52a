// Wraps every /dashboard/* page: side menu (by role), the page, and the right-hand account menu.
import { useId, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { MenuIcon } from '@/components/icons';
import { useAuth } from '@/features/auth/components/auth-context';
import { useIsAdmin } from '@/features/auth/hooks/use-is-admin';
import { useLogOut } from '@/features/auth/hooks/use-log-out';
import { useSummary } from '@/features/buyer-requests/api/get-summary';
import { useOpenReportCount } from '@/features/reports/api/open-count';
import { AccountMenu, DashboardMenu } from './dashboard-menu';

export function DashboardLayout() {
  const { user, loading } = useAuth();
  const logOut = useLogOut();
  const isAdmin = useIsAdmin();
  const enabled = Boolean(user) && !loading;
  // One call for both counts, kept current by the live events (the navbar's stream).
  const summary = useSummary(enabled);
  // Loading shows a placeholder only while a request is on its way; a failed or idle call shows no count.
  const countOf = (value: number | undefined) => value ?? (summary.isFetching ? undefined : null);
  // The admin menu's badge: reported things waiting in the moderation queue.
  const openReports = useOpenReportCount(enabled && isAdmin);
  const [isMenuOpen, setMenuOpen] = useState(false);
  const [isLoggingOut, setLoggingOut] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  const handleLogOut = async () => {
    setLoggingOut(true);
    try {
      await logOut();
    } finally {
      setLoggingOut(false);
    }
  };

  const menuProps = {
    isAdmin,
    cartCount: isAdmin ? null : countOf(summary.data?.cartCount),
    requestCount: countOf(summary.data?.requestCount),
    openReportCount: isAdmin ? (openReports.data?.open ?? (openReports.isFetching ? undefined : null)) : null,
  };
  const accountProps = {
    email: user?.email,
    displayName: user?.displayName,
    photoURL: user?.photoURL,
    onLogOut: () => void handleLogOut(),
    isLoggingOut,
  };

  return (
    <div className="mx-auto flex w-full max-w-[1440px] flex-col gap-4 px-3 py-4 sm:px-4 lg:flex-row lg:gap-6 lg:py-8">
      <div className="lg:hidden">
        <button
          ref={toggleRef}
          type="button"
          className="btn btn-outline btn-sm w-full justify-start"
          aria-expanded={isMenuOpen}
          aria-controls={panelId}
          onClick={() => setMenuOpen((v) => !v)}
        >
          <MenuIcon className="size-5" />
          Dashboard menu
        </button>
        {isMenuOpen && (
          <div
            id={panelId}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                setMenuOpen(false);
                toggleRef.current?.focus();
              }
            }}
            className="mt-2 grid grid-cols-1 gap-6 rounded-box border border-base-300 bg-base-200 p-4 sm:grid-cols-2"
          >
            <DashboardMenu {...menuProps} onNavigate={() => setMenuOpen(false)} />
            <AccountMenu {...accountProps} onNavigate={() => setMenuOpen(false)} />
          </div>
        )}
      </div>

      <aside className="hidden w-64 shrink-0 lg:block" aria-label="Dashboard">
        <div className="sticky top-24 flex flex-col gap-6 rounded-box border border-base-300 bg-base-200 p-4">
          <DashboardMenu {...menuProps} />
          <div className="border-t border-base-300 pt-4 xl:hidden">
            <AccountMenu {...accountProps} />
          </div>
        </div>
      </aside>

      <div className="min-w-0 flex-1">
        <Outlet />
      </div>

      <aside className="hidden w-60 shrink-0 xl:block" aria-label="Account">
        <div className="sticky top-24 rounded-box border border-base-300 bg-base-200 p-4">
          <AccountMenu {...accountProps} />
        </div>
      </aside>
    </div>
  );
}
