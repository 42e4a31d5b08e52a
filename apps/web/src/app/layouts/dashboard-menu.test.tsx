import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AccountMenu, DashboardMenu } from './dashboard-menu';

function renderMenu(props: Parameters<typeof DashboardMenu>[0]) {
  return render(
    <MemoryRouter initialEntries={['/dashboard/addProduct']}>
      <DashboardMenu {...props} />
    </MemoryRouter>,
  );
}

const linkNames = (nav: HTMLElement) => within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);

describe('DashboardMenu', () => {
  it('shows the user variant with cart and request counts', () => {
    renderMenu({ isAdmin: false, cartCount: 2, requestCount: 5 });
    const nav = screen.getByRole('navigation', { name: 'User Dashboard' });
    expect(within(nav).getByRole('heading', { name: 'User Dashboard' })).toBeInTheDocument();
    expect(linkNames(nav)).toEqual([
      ['Add Your Product', '/dashboard/addProduct'],
      ['My Cart (2)', '/dashboard/myCarts'],
      ['My Added Products', '/dashboard/myAddedProducts'],
      ['Buyer Request (5)', '/dashboard/buyerRequest'],
      ['Favourites', '/dashboard/favourites'],
      ['Saved Searches', '/dashboard/savedSearches'],
      ['My Reports', '/dashboard/reports'],
      ['My Profile', '/dashboard/profile'],
    ]);
  });

  it('shows the admin variant without the cart link', () => {
    renderMenu({ isAdmin: true, cartCount: 3, requestCount: 0, openReportCount: 4 });
    const nav = screen.getByRole('navigation', { name: 'Admin Dashboard' });
    expect(linkNames(nav)).toEqual([
      ['Add Your Product (Admin)', '/dashboard/addProduct'],
      ['All Users / Make Admin', '/dashboard/manageUsers'],
      ['Manage All Products', '/dashboard/manageAllProducts'],
      ['Admin Added Products', '/dashboard/myAddedProducts'],
      ['Buyer Request (0)', '/dashboard/buyerRequest'],
      ['Favourites', '/dashboard/favourites'],
      ['Saved Searches', '/dashboard/savedSearches'],
      // The open-report badge (docs/product.md#reports-and-moderation).
      ['Moderation Queue (4)', '/dashboard/moderation'],
      ['Audit Log', '/dashboard/audit'],
      ['Overview', '/dashboard/overview'],
      ['My Profile', '/dashboard/profile'],
    ]);
    expect(within(nav).queryByText(/My Cart/)).not.toBeInTheDocument();
  });

  it('marks counts that are still loading', () => {
    renderMenu({ isAdmin: false, cartCount: undefined, requestCount: undefined });
    expect(screen.getByLabelText('Cart items: loading')).toBeInTheDocument();
    expect(screen.getByLabelText('Buyer requests: loading')).toBeInTheDocument();
  });

  it('highlights the current page', () => {
    renderMenu({ isAdmin: false, cartCount: 0, requestCount: 0 });
    expect(screen.getByRole('link', { name: 'Add Your Product' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('AccountMenu', () => {
  it('has the avatar, Log Out and the site links', () => {
    const onLogOut = vi.fn();
    render(
      <MemoryRouter>
        <AccountMenu email="ann@example.com" displayName="Ann" photoURL="https://example.com/a.png" onLogOut={onLogOut} />
      </MemoryRouter>,
    );
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    const site = screen.getByRole('navigation', { name: 'Site' });
    expect(linkNames(site)).toEqual([
      ['Home', '/'],
      ['Timeline', '/timeline'],
      ['Contact Us', '/contactUs'],
      ['Dashboard', '/dashboard/addProduct'],
      ['Login', '/login'],
    ]);
    screen.getByRole('button', { name: 'Log Out' }).click();
    expect(onLogOut).toHaveBeenCalledOnce();
  });
});
