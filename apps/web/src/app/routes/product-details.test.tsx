// The product page's listing status: a Reserved or Sold badge, and Buy Now disabled with the reason read out.
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { Component, loader } from './product-details';

configure({ asyncUtilTimeout: 5000 });

const product = (id: string, status: string) => ({
  _id: id,
  image1: '/a.png',
  image2: '/b.png',
  image3: '/c.png',
  image4: '/d.png',
  name: 'Walnut dresser',
  age: 14,
  date: '2024-05-01',
  category: 'homeAndLiving',
  shortDescription: 'A well kept dresser.',
  longDescription: 'Looked after for years.',
  price: 240,
  uploaderPhone: '+1 555 0100',
  uploaderLocation: 'Leeds',
  uploaderName: 'Ann',
  email: 'ann@example.com',
  status,
  sellerId: 's1',
  sellerRating: { average: 4.5, count: 2 },
  acceptOffers: true,
});

const profile = {
  _id: 's1', name: 'Ann', photoURL: '', memberSince: '2024-01-01T00:00:00.000Z', emailVerified: true, location: 'Leeds',
  listings: { available: 1, sold: 2 }, asSeller: { ratingAverage: 4.5, ratingCount: 2 }, asBuyer: { ratingAverage: null, ratingCount: 0 },
  responseRate: 1, responseTime: 'within an hour',
};

function renderProduct(id: string, status: string, extra: Record<string, unknown> = {}) {
  mockApi({ 'GET /api/auth/session': { user: null }, [`GET /api/products/${id}`]: { ...product(id, status), ...extra }, 'GET /api/users/s1/profile': profile });
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  return renderRoutes([{ path: '/productDetails/:id', loader, Component }, { path: '/login', element: <p>Login page</p> }], [`/productDetails/${id}`]);
}

describe('product page status', () => {
  it.each([
    ['reserved', 'Reserved', "Reserved: someone's purchase is in progress."],
    ['sold', 'Sold', 'Sold: this item has found a new home.'],
  ])('a %s listing shows its badge and Buy Now disabled with the reason', async (status, badge, reason) => {
    renderProduct(`p-${status}`, status);
    const buy = await screen.findByRole('button', { name: 'Buy Now' });
    expect(buy).toBeDisabled();
    expect(buy).toHaveAccessibleDescription(reason);
    expect(screen.getByText(badge)).toBeInTheDocument();
  });

  it('an available listing keeps Buy Now enabled, without a badge', async () => {
    renderProduct('p-available', 'available');
    const buy = await screen.findByRole('button', { name: 'Buy Now' });
    expect(buy).toBeEnabled();
    // The seller's name links to their profile, with their stars and response time.
    expect(screen.getByRole('link', { name: 'Ann' })).toHaveAttribute('href', '/sellers/s1');
    expect(screen.getByRole('img', { name: '4.5 out of 5 (2 reviews)' })).toBeInTheDocument();
    expect(await screen.findByText('Responds within an hour')).toBeInTheDocument();
    expect(screen.queryByText('Reserved')).not.toBeInTheDocument();
    expect(screen.queryByText('Sold')).not.toBeInTheDocument();
  });
});

describe('Make an offer on the product page', () => {
  it('sits beside Buy Now on a listing that takes offers, and sends a visitor to sign in first', async () => {
    const { router } = renderProduct('p-offers', 'available');
    await screen.findByRole('button', { name: 'Buy Now' });
    fireEvent.click(screen.getByRole('button', { name: 'Make an offer' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('opens the request dialog with the amount first for a signed-in buyer; Buy Now opens it without', async () => {
    const bob = { _id: 'u-bob', email: 'bob@example.com', displayName: 'Bob', photoURL: '', admin: false, emailVerified: true, notifyByEmail: true };
    mockApi({
      'GET /api/auth/session': { user: bob },
      'POST /api/jwt': { token: 'token-1' },
      'GET /api/products/p-1': product('p-1', 'available'),
      'GET /api/products/p-1/similar': [],
      'GET /api/favourites/ids': { ids: [] },
      'GET /api/users/s1/profile': profile,
    });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderRoutes([{ path: '/productDetails/:id', loader, Component }], ['/productDetails/p-1']);
    fireEvent.click(await screen.findByRole('button', { name: 'Make an offer' }));
    expect(await screen.findByRole('heading', { name: 'Please Full-fill the form' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Your offer')).toHaveFocus());
    expect(screen.getByLabelText('Your offer')).toHaveAccessibleDescription('Listed price: $240.00. Offer less than that.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveFocus());
    expect(screen.queryByLabelText('Your offer')).not.toBeInTheDocument();
  });

  it.each<[string, string, { acceptOffers?: boolean }]>([
    ['a listing whose seller takes no offers', 'available', { acceptOffers: false }],
    ['a reserved listing', 'reserved', {}],
    ['a sold listing', 'sold', {}],
  ])('is not there on %s', async (_name, status, extra) => {
    renderProduct(`p-${status}-${String(extra.acceptOffers)}`, status, extra);
    await screen.findByRole('button', { name: 'Buy Now' });
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
  });
});

describe('product page while sign-in settles its token', () => {
  const bob = { _id: 'u-bob', email: 'bob@example.com', displayName: 'Bob', photoURL: '', admin: false, emailVerified: true, notifyByEmail: true };

  it('presses of Buy Now and of the heart wait for the token; no favourites call goes out without it', async () => {
    let giveToken: (response: Response) => void = () => undefined;
    const token = new Promise<Response>((resolve) => (giveToken = resolve));
    const saved: string[] = [];
    const fetchMock = mockApi({
      'GET /api/auth/session': { user: bob },
      'POST /api/jwt': () => token,
      'GET /api/products/p-1': product('p-1', 'available'),
      'GET /api/products/p-1/similar': [],
      'GET /api/favourites/ids': (init: RequestInit) =>
        new Headers(init.headers).get('Authorization') === 'Bearer token-1'
          ? json({ ids: saved })
          : json({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' }, 401),
      'PUT /api/favourites/p-1': (init: RequestInit) =>
        new Headers(init.headers).get('Authorization') === 'Bearer token-1'
          ? (saved.push('p-1'), json({ favourited: true, favouriteCount: 1 }))
          : json({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' }, 401),
    });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { router } = renderRoutes([{ path: '/productDetails/:id', loader, Component }], ['/productDetails/p-1']);
    const buy = await screen.findByRole('button', { name: 'Buy Now' });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/jwt')).toBe(true));
    fireEvent.click(buy);
    fireEvent.click(screen.getByRole('button', { name: 'Save Walnut dresser to favourites' }));
    // Still settling: the press is held, nobody is sent to the login page, and the heart has asked nothing yet.
    expect(router.state.location.pathname).toBe('/productDetails/p-1');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/favourites'))).toBe(false);
    giveToken(json({ token: 'token-1' }));
    expect(await screen.findByRole('heading', { name: 'Please Full-fill the form' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/productDetails/p-1');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/favourites/ids')).toBe(true));
    // The held heart press saves the listing, with the token.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Walnut dresser to favourites' })).toHaveAttribute('aria-pressed', 'true'));
    expect(fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/favourites/p-1' && init?.method === 'PUT')).toHaveLength(1);
  }, 15_000);
});
