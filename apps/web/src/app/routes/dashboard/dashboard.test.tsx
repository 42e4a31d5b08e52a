// The dashboard wired to a mocked API: menus by role with live counts, the cart, handover, and user management.
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { BuyerRequest, DashboardLayout, ManageUsers, MyCarts } from '.';

vi.mock('@/lib/popups', () => ({
  confirmAction: vi.fn(async () => true),
  showSuccess: vi.fn(async () => undefined),
  showError: vi.fn(async () => undefined),
}));
const popups = await import('@/lib/popups');

// Session, token, then lists: several round trips before a page settles, so allow a loaded machine time.
configure({ asyncUtilTimeout: 5000 });

const ann = { _id: 'u1', email: 'ann@example.com', displayName: 'Ann', photoURL: '', admin: false, emailVerified: true };
const item = (id: string, name: string, price: number, extra: Record<string, unknown> = {}) => ({
  _id: id,
  productId: `p-${id}`,
  buyerName: 'Bob Buyer',
  buyerEmail: 'bob@example.com',
  phoneNumber: '+1 555 0101',
  buyerAddress: '1 High Street',
  status: 'Pending',
  image1: '/img.png',
  name,
  age: 3,
  date: '2026-01-01',
  category: 'homeAndLiving',
  price,
  uploaderName: 'Ann',
  uploaderPhone: '+1 555 0100',
  uploaderLocation: 'Leeds',
  email: 'ann@example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

function routes() {
  return [
    {
      path: '/dashboard',
      element: <DashboardLayout />,
      children: [
        { path: 'myCarts', element: <MyCarts /> },
        { path: 'buyerRequest', element: <BuyerRequest /> },
        { path: 'manageUsers', element: <ManageUsers /> },
      ],
    },
  ];
}

function mockSession(user: typeof ann, extra: Parameters<typeof mockApi>[0]) {
  return mockApi({
    'GET /api/auth/session': { user },
    'POST /api/jwt': { token: 'token-1' },
    [`GET /api/users/admin/${encodeURIComponent(user.email)}`]: { admin: user.admin },
    ...extra,
  });
}

beforeEach(() => {
  vi.mocked(popups.confirmAction).mockClear();
  vi.mocked(popups.showSuccess).mockClear();
  vi.mocked(popups.showError).mockClear();
});

describe('dashboard', { timeout: 20_000 }, () => {
  it('shows the user menu with live counts, the cart and its total, and cancels an item', async () => {
    let cart = [item('c1', 'Oak chair', 120.5), item('c2', 'Brass lamp', 35.25)];
    const requests = [item('r1', 'Tea set', 20)];
    const fetchMock = mockSession(ann, {
      'GET /api/buyerProduct': ({ url }: { url: string }) => json(url.includes('buyerEmail=') ? cart : requests),
      // The menu's counts come from the summary (docs/product.md#messages-and-notifications), one call instead of
      // listing every item.
      'GET /api/me/summary': () => json({ cartCount: cart.length, requestCount: requests.length, unreadMessages: 0 }),
      'DELETE /api/buyerProduct/c2': () => {
        cart = cart.filter((c) => c._id !== 'c2');
        return json({ acknowledged: true, deletedCount: 1 });
      },
    });
    renderRoutes(routes(), ['/dashboard/myCarts']);

    const menu = await screen.findByRole('navigation', { name: 'User Dashboard' });
    expect(await within(menu).findByRole('link', { name: 'My Cart (2)' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Buyer Request (1)' })).toBeInTheDocument();
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('$155.75');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel Brass lamp' }));
    expect(popups.confirmAction).toHaveBeenCalledWith('Are you sure?', "You won't be able to revert this!", 'Yes, delete it!');
    await waitFor(() => expect(popups.showSuccess).toHaveBeenCalledWith('Deleted!', 'Your Cart has been deleted from cart.'));
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$120.50'));
    expect(within(menu).getByRole('link', { name: 'My Cart (1)' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/buyerProduct/c2', expect.objectContaining({ method: 'DELETE' }));
  });

  it('shows a friendly empty cart that links to the timeline', async () => {
    mockSession(ann, { 'GET /api/buyerProduct': [] });
    renderRoutes(routes(), ['/dashboard/myCarts']);
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the Timeline' })).toHaveAttribute('href', '/timeline');
  });

  it('hands a request over after the spec confirmation', async () => {
    let requests = [item('r1', 'Tea set', 20)];
    mockSession(ann, {
      'GET /api/buyerProduct': ({ url }: { url: string }) => json(url.includes('buyerEmail=') ? [] : requests),
      'GET /api/me/summary': () => json({ cartCount: 0, requestCount: requests.length, unreadMessages: 0 }),
      'DELETE /api/buyerProduct/r1': () => {
        requests = [];
        return json({ acknowledged: true, deletedCount: 1 });
      },
    });
    renderRoutes(routes(), ['/dashboard/buyerRequest']);
    const row = (await screen.findByRole('list', { name: 'Buyer requests' })).querySelector('li')!;
    for (const text of ['Bob Buyer', 'bob@example.com', '+1 555 0101', '1 High Street', 'Pending']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    await userEvent.setup().click(within(row).getByRole('button', { name: /^handover/ }));
    expect(popups.confirmAction).toHaveBeenCalledWith('Are you sure?', 'This person made his paid?', 'Yes, handover it!');
    await waitFor(() => expect(popups.showSuccess).toHaveBeenCalledWith('Product has been handovered'));
    expect(await screen.findByRole('heading', { name: 'No buyer requests yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buyer Request (0)' })).toBeInTheDocument();
  });

  it('shows an error with a retry when a list cannot load', async () => {
    mockSession(ann, {
      'GET /api/buyerProduct': json({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500),
    });
    renderRoutes(routes(), ['/dashboard/buyerRequest']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('gives admins their menu and user management, without a Ban on themselves', async () => {
    const admin = { ...ann, _id: 'a1', email: 'ada@example.com', displayName: 'Ada', admin: true };
    let users = [
      { _id: 'a1', name: 'Ada', email: 'ada@example.com', photoURL: '', role: 'admin' },
      { _id: 'u2', name: 'Cleo', email: 'cleo@example.com', photoURL: '', role: 'user' },
    ];
    mockSession(admin, {
      'GET /api/buyerProduct': [],
      'GET /api/users': () => json(users),
      'PATCH /api/users/admin/u2': () => {
        users = users.map((u) => (u._id === 'u2' ? { ...u, role: 'admin' } : u));
        return json({ acknowledged: true, modifiedCount: 1 });
      },
    });
    renderRoutes(routes(), ['/dashboard/manageUsers']);
    const menu = await screen.findByRole('navigation', { name: 'Admin Dashboard' });
    expect(within(menu).queryByRole('link', { name: /My Cart/ })).not.toBeInTheDocument();

    const me = await screen.findByRole('listitem', { name: 'Ada' });
    expect(within(me).getByText('Admin Now')).toBeInTheDocument();
    expect(within(me).queryByRole('button', { name: /Ban/ })).not.toBeInTheDocument();

    const cleo = screen.getByRole('listitem', { name: 'Cleo' });
    expect(within(cleo).getByRole('button', { name: 'Ban Cleo' })).toBeInTheDocument();
    await userEvent.setup().click(within(cleo).getByRole('button', { name: 'Make Admin: Cleo' }));
    await waitFor(() => expect(popups.showSuccess).toHaveBeenCalledWith('Cleo is an Admin now'));
    expect(await within(cleo).findByText('Admin Now')).toBeInTheDocument();
  });

  // --- Admins (docs/product.md#dashboard-manage-users) ---
  it("removes another admin's role after a confirmation; an admin's Ban is disabled with the reason; a refusal shows the server's message", async () => {
    const admin = { ...ann, _id: 'a1', email: 'ada@example.com', displayName: 'Ada', admin: true };
    let users = [
      { _id: 'a1', name: 'Ada', email: 'ada@example.com', photoURL: '', role: 'admin' },
      { _id: 'a2', name: 'Cleo', email: 'cleo@example.com', photoURL: '', role: 'admin' },
      { _id: 'a3', name: 'Boss', email: 'boss@example.com', photoURL: '', role: 'admin' },
    ];
    const bodies: unknown[] = [];
    const fetchMock = mockSession(admin, {
      'GET /api/buyerProduct': [],
      'GET /api/users': () => json(users),
      'PATCH /api/users/admin/a2': (init: RequestInit) => {
        bodies.push(JSON.parse(String(init.body)));
        users = users.map((u) => (u._id === 'a2' ? { ...u, role: 'user' } : u));
        return json({ acknowledged: true, modifiedCount: 1 });
      },
      'PATCH /api/users/admin/a3': json(
        {
          statusCode: 409,
          error: 'Conflict',
          code: 'PROTECTED_ADMIN',
          message: "This admin is configured by the server's ADMIN_EMAILS; only a change there removes them",
        },
        409,
      ),
    });
    renderRoutes(routes(), ['/dashboard/manageUsers']);
    const me = await screen.findByRole('listitem', { name: 'Ada' });
    expect(within(me).queryByRole('button', { name: /Remove admin/ })).not.toBeInTheDocument();

    const cleo = screen.getByRole('listitem', { name: 'Cleo' });
    const ban = within(cleo).getByRole('button', { name: 'Ban Cleo' });
    expect(ban).toBeDisabled();
    expect(ban).toHaveAccessibleDescription('Remove their admin role before banning them');

    const user = userEvent.setup();
    // Cancelled: nothing is sent.
    vi.mocked(popups.confirmAction).mockResolvedValueOnce(false);
    await user.click(within(cleo).getByRole('button', { name: 'Remove admin: Cleo' }));
    await waitFor(() => expect(popups.confirmAction).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).includes('/users/admin/a2') && init?.method === 'PATCH')).toBe(false);

    await user.click(within(cleo).getByRole('button', { name: 'Remove admin: Cleo' }));
    expect(popups.confirmAction).toHaveBeenLastCalledWith(
      'Are you sure?',
      'Cleo will no longer be able to manage users and listings.',
      'Yes, remove admin!',
    );
    await waitFor(() => expect(popups.showSuccess).toHaveBeenCalledWith('Cleo is no longer an Admin'));
    expect(bodies).toEqual([{ admin: false }]);
    // The row is a user's now: Make Admin again, and Ban enabled.
    expect(await within(cleo).findByRole('button', { name: 'Make Admin: Cleo' })).toBeInTheDocument();
    expect(within(cleo).getByRole('button', { name: 'Ban Cleo' })).toBeEnabled();
    expect(within(cleo).queryByRole('button', { name: /Remove admin/ })).not.toBeInTheDocument();

    // The server refuses (ADMIN_EMAILS): its message, under a title chosen by the code; still signed in.
    const boss = screen.getByRole('listitem', { name: 'Boss' });
    await user.click(within(boss).getByRole('button', { name: 'Remove admin: Boss' }));
    await waitFor(() =>
      expect(popups.showError).toHaveBeenCalledWith(
        'This admin is set by the server',
        "This admin is configured by the server's ADMIN_EMAILS; only a change there removes them",
      ),
    );
    expect(within(boss).getByText('Admin Now')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin Dashboard' })).toBeInTheDocument();
  });
});
