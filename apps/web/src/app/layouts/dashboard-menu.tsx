// The spec's dashboard side menu (user and admin variants) and the right-hand menu.
import { Link, NavLink } from 'react-router';
import { Avatar } from '@/components/avatar';
import { paths } from '@/config/paths';

export interface DashboardMenuProps {
  isAdmin: boolean;
  /** undefined while the count loads; null when it is unknown (the call failed): then no count shows at all. */
  cartCount: number | null | undefined;
  requestCount: number | null | undefined;
  /** Admins: how many reported things wait in the moderation queue (undefined while loading, null when unknown). */
  openReportCount?: number | null | undefined;
  onNavigate?: () => void;
}

function linkClass({ isActive }: { isActive: boolean }) {
  return `flex items-center justify-between gap-2 rounded-field px-3 py-2 text-sm font-medium transition-colors hover:bg-base-300/60 ${
    isActive ? 'bg-primary text-primary-content hover:bg-primary' : ''
  }`;
}

function Count({ value, label }: { value: number | null | undefined; label: string }) {
  if (value === null) return null;
  return (
    <span className="tabular-nums" aria-label={value === undefined ? `${label}: loading` : undefined}>
      ({value ?? '…'})
    </span>
  );
}

interface Item {
  to: string;
  label: string;
  count?: { value: number | null | undefined; label: string };
  end?: boolean;
}

export function dashboardMenuItems({ isAdmin, cartCount, requestCount, openReportCount }: Omit<DashboardMenuProps, 'onNavigate'>): Item[] {
  const requests = { value: requestCount, label: 'Buyer requests' };
  if (isAdmin) {
    return [
      { to: paths.dashboard.addProduct.getHref(), label: 'Add Your Product (Admin)' },
      { to: paths.dashboard.manageUsers.getHref(), label: 'All Users / Make Admin' },
      { to: paths.dashboard.manageAllProducts.getHref(), label: 'Manage All Products' },
      { to: paths.dashboard.myAddedProducts.getHref(), label: 'Admin Added Products' },
      { to: paths.dashboard.buyerRequest.getHref(), label: 'Buyer Request', count: requests },
      { to: paths.dashboard.favourites.getHref(), label: 'Favourites' },
      { to: paths.dashboard.savedSearches.getHref(), label: 'Saved Searches' },
      { to: paths.dashboard.moderation.getHref(), label: 'Moderation Queue', count: { value: openReportCount ?? null, label: 'Open reports' } },
      { to: paths.dashboard.audit.getHref(), label: 'Audit Log' },
      { to: paths.dashboard.overview.getHref(), label: 'Overview' },
      { to: paths.dashboard.profile.getHref(), label: 'My Profile' },
    ];
  }
  return [
    { to: paths.dashboard.addProduct.getHref(), label: 'Add Your Product' },
    { to: paths.dashboard.myCarts.getHref(), label: 'My Cart', count: { value: cartCount, label: 'Cart items' } },
    { to: paths.dashboard.myAddedProducts.getHref(), label: 'My Added Products' },
    { to: paths.dashboard.buyerRequest.getHref(), label: 'Buyer Request', count: requests },
    { to: paths.dashboard.favourites.getHref(), label: 'Favourites' },
    { to: paths.dashboard.savedSearches.getHref(), label: 'Saved Searches' },
    { to: paths.dashboard.myReports.getHref(), label: 'My Reports' },
    { to: paths.dashboard.profile.getHref(), label: 'My Profile' },
  ];
}

export function DashboardMenu(props: DashboardMenuProps) {
  const items = dashboardMenuItems(props);
  return (
    <nav aria-label={props.isAdmin ? 'Admin Dashboard' : 'User Dashboard'}>
      <h2 className="mb-3 px-3 font-serif text-lg font-bold">{props.isAdmin ? 'Admin Dashboard' : 'User Dashboard'}</h2>
      <ul className="flex flex-col gap-1">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className={linkClass} onClick={props.onNavigate}>
              <span>
                {item.label}
                {item.count && item.count.value !== null && (
                  <>
                    {' '}
                    <Count value={item.count.value} label={item.count.label} />
                  </>
                )}
              </span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export interface AccountMenuProps {
  email: string | undefined;
  displayName: string | undefined;
  photoURL: string | undefined;
  onLogOut: () => void;
  isLoggingOut?: boolean;
  onNavigate?: () => void;
}

/** The right-hand menu: avatar, Log Out, and the site links. */
export function AccountMenu({ email, displayName, photoURL, onLogOut, isLoggingOut, onNavigate }: AccountMenuProps) {
  const links = [
    { to: paths.home.getHref(), label: 'Home' },
    { to: paths.timeline.getHref(), label: 'Timeline' },
    { to: paths.contactUs.getHref(), label: 'Contact Us' },
    { to: paths.dashboard.addProduct.getHref(), label: 'Dashboard' },
    { to: paths.login.getHref(), label: 'Login' },
  ];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3 px-3">
        <Avatar src={photoURL} />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold">{displayName}</p>
          <p className="truncate text-xs text-base-content/70" title={email}>{email}</p>
        </div>
      </div>
      <button type="button" className="btn btn-sm btn-outline mx-3" onClick={onLogOut} disabled={isLoggingOut}>
        {isLoggingOut && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Log Out
      </button>
      <nav aria-label="Site">
        <ul className="flex flex-col gap-1">
          {links.map((link) => (
            <li key={link.label}>
              <Link to={link.to} className={linkClass({ isActive: false })} onClick={onNavigate}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
