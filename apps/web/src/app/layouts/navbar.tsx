import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CartIcon, MenuIcon, UserIcon } from '@/components/icons';
import { usePopover } from '@/components/use-popover';
import { paths, PRODUCT_NAME } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-context';
import { useLogOut } from '@/features/auth/hooks/use-log-out';
import { useSummary } from '@/features/buyer-requests/api/get-summary';
import { useLiveUpdates } from './use-live-updates';

function navLinkClass({ isActive }: { isActive: boolean }) {
  return `rounded-field px-3 py-2 text-sm font-medium transition-colors hover:bg-base-200 ${isActive ? 'text-primary bg-base-200' : ''}`;
}

function NavItems({ isSignedIn }: { isSignedIn: boolean }) {
  return (
    <>
      <li><NavLink to={paths.home.getHref()} end className={navLinkClass}>Home</NavLink></li>
      <li><NavLink to={paths.timeline.getHref()} className={navLinkClass}>Timeline</NavLink></li>
      <li><NavLink to={paths.contactUs.getHref()} className={navLinkClass}>Contact Us</NavLink></li>
      <li><NavLink to={paths.dashboard.addProduct.getHref()} className={navLinkClass}>Dashboard</NavLink></li>
      {!isSignedIn && <li><NavLink to={paths.login.getHref()} className={navLinkClass}>Login</NavLink></li>}
    </>
  );
}

/**
 * The spec's cart-shaped link to Buyer Request with its count (requests to the user's listings), from the summary
 * and kept current by the live events. While the count is unknown (loading, or the call failed) no number shows:
 * never a placeholder that may never resolve.
 */
function CartBadgeLink() {
  const { user, loading } = useAuth();
  const summary = useSummary(Boolean(user) && !loading);
  const count = summary.data?.requestCount;
  const unread = summary.data?.unreadMessages ?? 0;
  const label = [
    count === undefined ? 'Buyer requests' : `Buyer requests: ${count}`,
    unread > 0 ? `${unread} unread ${unread === 1 ? 'message' : 'messages'}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Link to={paths.dashboard.buyerRequest.getHref()} className="btn btn-ghost btn-circle" aria-label={label}>
      <span className="indicator">
        <CartIcon className="size-6" />
        {count !== undefined && (
          <span className="badge badge-sm badge-primary indicator-item" aria-hidden="true">{count}</span>
        )}
        {/* A dot, not a number: the visible text must stay part of the link's name (the count is in the label). */}
        {unread > 0 && <span className="status status-lg status-secondary indicator-item indicator-bottom" aria-hidden="true" />}
      </span>
    </Link>
  );
}

function AvatarMenu() {
  const { user } = useAuth();
  const logOut = useLogOut();
  const menu = usePopover();
  // A photo that fails to load (offline host, dead link) falls back to the generic icon.
  const [failedPhoto, setFailedPhoto] = useState<string | null>(null);
  const photo = user?.photoURL && user.photoURL !== failedPhoto ? user.photoURL : null;
  const handleLogout = async () => {
    menu.close();
    await logOut();
  };
  return (
    <div ref={menu.containerRef} className="relative">
      <button
        ref={menu.buttonRef}
        type="button"
        className="btn btn-ghost btn-circle avatar"
        aria-haspopup="menu"
        aria-expanded={menu.isOpen}
        aria-label="Account menu"
        onClick={menu.toggle}
      >
        <span className="size-10 overflow-hidden rounded-full bg-base-200 ring-2 ring-primary/30">
          {photo ? (
            <img src={photo} alt="" width={40} height={40} className="size-10 object-cover" referrerPolicy="no-referrer" onError={() => setFailedPhoto(photo)} />
          ) : (
            <UserIcon className="m-2 size-6" />
          )}
        </span>
      </button>
      {menu.isOpen && (
        <div role="menu" className="absolute right-0 z-50 mt-2 w-64 rounded-box border border-base-300 bg-base-100 p-4 shadow-xl">
          {user && <p className="truncate font-semibold">{user.displayName}</p>}
          <p className={`mb-3 truncate text-sm ${user ? 'text-base-content/70' : 'font-medium'}`} title={user?.email}>
            {user ? user.email : 'You are not Logged in'}
          </p>
          <div className="flex flex-col gap-2">
            <Link role="menuitem" to={paths.dashboard.addProduct.getHref()} className="btn btn-sm btn-primary" onClick={menu.close}>
              Dashboard
            </Link>
            {user && (
              <Link role="menuitem" to={paths.dashboard.profile.getHref()} className="btn btn-sm btn-ghost" onClick={menu.close}>
                My Profile
              </Link>
            )}
            {user && (
              <button role="menuitem" type="button" className="btn btn-sm btn-outline" onClick={handleLogout}>
                Log Out
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

export function Navbar() {
  const { user, loading } = useAuth();
  useLiveUpdates(user && !loading ? user._id : null);
  const mobile = usePopover();
  const location = useLocation();
  const { close } = mobile;
  useEffect(() => close(), [location.pathname, close]);

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav aria-label="Main" className="navbar mx-auto h-16 max-w-7xl px-4">
        <div className="navbar-start gap-1">
          <div ref={mobile.containerRef} className="relative lg:hidden">
            <button
              ref={mobile.buttonRef}
              type="button"
              className="btn btn-ghost btn-square"
              aria-label="Open navigation menu"
              aria-expanded={mobile.isOpen}
              aria-controls="mobile-nav"
              onClick={mobile.toggle}
            >
              <MenuIcon className="size-6" />
            </button>
            {mobile.isOpen && (
              <ul id="mobile-nav" className="menu absolute left-0 z-50 mt-2 w-56 gap-1 rounded-box border border-base-300 bg-base-100 p-2 shadow-xl">
                <NavItems isSignedIn={Boolean(user)} />
              </ul>
            )}
          </div>
          <Link to={paths.home.getHref()} className="flex items-center gap-2 whitespace-nowrap text-lg font-bold tracking-tight text-primary sm:text-xl">
            <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
            <span className="font-serif">{PRODUCT_NAME}</span>
          </Link>
        </div>
        <div className="navbar-center hidden lg:flex">
          <ul className="flex items-center gap-1">
            <NavItems isSignedIn={Boolean(user)} />
          </ul>
        </div>
        <div className="navbar-end gap-1">
          <CartBadgeLink />
          <AvatarMenu />
        </div>
      </nav>
    </header>
  );
}
