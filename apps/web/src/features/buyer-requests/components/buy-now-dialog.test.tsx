import type { Product, SessionUser } from '@olden/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { BuyNowDialog } from './buy-now-dialog';

vi.mock('@/lib/popups', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));
afterEach(() => vi.unstubAllGlobals());

const buyer: SessionUser = { _id: 'b', email: 'buyer@example.com', displayName: 'Bea Buyer', photoURL: '', admin: false, emailVerified: true, notifyByEmail: true, savedSearchDigest: false };
const product = {
  _id: 'p1', name: 'Oak chair', email: 'seller@example.com', image1: '', image2: '', image3: '', image4: '', age: 12, date: '2024-01-01',
  category: 'homeAndLiving', shortDescription: '', longDescription: '', price: 40, uploaderPhone: '1', uploaderLocation: 'X', uploaderName: 'S', createdAt: '', status: 'available', favouriteCount: 0, sellerId: 's1', sellerRating: { average: null, count: 0 }, place: null, acceptOffers: true,
} satisfies Product;

describe('Buy Now dialog', () => {
  it('has the spec title, read-only name and email, and required phone and address', async () => {
    mockApi({ 'GET /api/auth/session': { user: buyer }, 'POST /api/jwt': { token: 't' } });
    renderWithProviders(<BuyNowDialog product={product} user={buyer} isOpen onClose={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Please Full-fill the form' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Bea Buyer');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This Phone Number field is required')).toBeInTheDocument();
    expect(screen.getByText('This Address field is required')).toBeInTheDocument();
  });

  it('opens on the first field to fill (the phone), not the read-only name', async () => {
    mockApi({ 'GET /api/auth/session': { user: buyer }, 'POST /api/jwt': { token: 't' } });
    renderWithProviders(<BuyNowDialog product={product} user={buyer} isOpen onClose={vi.fn()} />);
    await vi.waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveFocus());
  });

  it('sends the request and shows "{name} added to the cart"', async () => {
    const { showSuccess } = await import('@/lib/popups');
    const onClose = vi.fn();
    const fetchMock = mockApi({ 'GET /api/auth/session': { user: buyer }, 'POST /api/jwt': { token: 't' }, 'POST /api/buyerProduct': json({ insertedId: 'r1' }, 201) });
    renderWithProviders(<BuyNowDialog product={product} user={buyer} isOpen onClose={onClose} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone Number'), '+1 555 0101');
    await user.type(screen.getByLabelText('Address'), '1 Main St');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Oak chair added to the cart'));
    expect(onClose).toHaveBeenCalled();
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/buyerProduct');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ productId: 'p1', phoneNumber: '+1 555 0101', buyerAddress: '1 Main St' });
  });

  /** Fills the form and submits it; the server refuses with `refusal`. */
  async function submitRefused(refusal: Response) {
    mockApi({ 'GET /api/auth/session': { user: buyer }, 'POST /api/jwt': { token: 't' }, 'POST /api/buyerProduct': refusal });
    renderWithProviders(<BuyNowDialog product={product} user={buyer} isOpen onClose={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone Number'), '+1 555 0101');
    await user.type(screen.getByLabelText('Address'), '1 Main St');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
  }

  it('explains a duplicate request', async () => {
    await submitRefused(json({ statusCode: 409, error: 'Conflict', code: 'ALREADY_REQUESTED', message: 'Already requested' }, 409));
    expect(await screen.findByText(/already requested this product/)).toBeInTheDocument();
  });

  it('explains a request for your own listing', async () => {
    await submitRefused(json({ statusCode: 400, error: 'Bad Request', code: 'OWN_LISTING', message: 'You cannot buy your own product' }, 400));
    expect(await screen.findByText('This is your own product, so you cannot buy it.')).toBeInTheDocument();
  });

  it('explains a listing that was reserved or sold meanwhile', async () => {
    await submitRefused(json({ statusCode: 409, error: 'Conflict', code: 'LISTING_UNAVAILABLE', message: 'This listing is reserved' }, 409));
    expect(await screen.findByText(/no longer available/)).toBeInTheDocument();
  });

  describe('with an offer', () => {
    const bodiesOf = (fetchMock: ReturnType<typeof mockApi>) =>
      fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url).startsWith('/api/buyerProduct')).map(([url, init]) => [String(url), JSON.parse(String(init!.body))]);
    const offer = (amount: number) => ({
      _id: 'o1', requestId: 'r1', amount, by: 'buyer', status: 'open', createdAt: '2026-01-01T10:00:00.000Z', expiresAt: '2026-01-03T10:00:00.000Z', answeredAt: null,
    });

    async function fill(user: ReturnType<typeof userEvent.setup>, amount: string) {
      if (amount) await user.type(screen.getByLabelText('Your offer'), amount);
      await user.type(screen.getByLabelText('Phone Number'), '+1 555 0101');
      await user.type(screen.getByLabelText('Address'), '1 Main St');
    }

    it('opens on the amount, says the listed price and refuses an amount that is not an offer, sending nothing', async () => {
      const fetchMock = mockApi({ 'GET /api/auth/session': { user: buyer }, 'POST /api/jwt': { token: 't' } });
      renderWithProviders(<BuyNowDialog product={product} user={buyer} isOpen withOffer onClose={vi.fn()} />);
      const amount = screen.getByLabelText('Your offer');
      await vi.waitFor(() => expect(amount).toHaveFocus());
      expect(amount).toHaveAccessibleDescription('Listed price: $40.00. Offer less than that.');
      const user = userEvent.setup();
      await fill(user, '');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByText('Enter the amount you offer')).toBeInTheDocument();
      await user.type(amount, '12.345');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByText('Offer must be a positive amount like 120 or 120.50')).toBeInTheDocument();
      await user.clear(amount);
      await user.type(amount, '40');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByText('An offer must be below the listed price of $40.00')).toBeInTheDocument();
      expect(amount).toHaveAttribute('aria-invalid', 'true');
      expect(bodiesOf(fetchMock)).toEqual([]);
    });

    it('sends the request, then the offer on the new request, and says both went', async () => {
      const { showSuccess } = await import('@/lib/popups');
      const onClose = vi.fn();
      const fetchMock = mockApi({
        'GET /api/auth/session': { user: buyer },
        'POST /api/jwt': { token: 't' },
        'POST /api/buyerProduct': json({ insertedId: 'r1' }, 201),
        'POST /api/buyerProduct/r1/offers': json({ offer: offer(30) }, 201),
      });
      renderWithProviders(<BuyNowDialog product={product} user={buyer} isOpen withOffer onClose={onClose} />);
      const user = userEvent.setup();
      await fill(user, '30');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await vi.waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Oak chair added to the cart', 'Your offer of $30.00 is with the seller.'));
      expect(onClose).toHaveBeenCalled();
      expect(bodiesOf(fetchMock)).toEqual([
        ['/api/buyerProduct', { productId: 'p1', phoneNumber: '+1 555 0101', buyerAddress: '1 Main St' }],
        ['/api/buyerProduct/r1/offers', { amount: 30 }],
      ]);
    });

    it('keeps the request when the offer is refused: says why, where the request is, and sends only the offer again', async () => {
      const { showSuccess } = await import('@/lib/popups');
      vi.mocked(showSuccess).mockClear();
      const onClose = vi.fn();
      let offers = 0;
      const fetchMock = mockApi({
        'GET /api/auth/session': { user: buyer },
        'POST /api/jwt': { token: 't' },
        'POST /api/buyerProduct': json({ insertedId: 'r1' }, 201),
        'POST /api/buyerProduct/r1/offers': () => {
          offers += 1;
          return offers === 1
            ? json({ statusCode: 409, error: 'Conflict', code: 'OFFER_TOO_LOW', message: 'This offer is lower than the seller takes' }, 409)
            : json({ offer: offer(32) }, 201);
        },
      });
      renderWithProviders(<BuyNowDialog product={product} user={buyer} isOpen withOffer onClose={onClose} />);
      const user = userEvent.setup();
      await fill(user, '5');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Your offer was not sent: This offer is lower than the seller takes');
      expect(alert).toHaveTextContent('Your request was still sent at the listed price of $40.00, and it is in My Cart.');
      expect(screen.getByRole('link', { name: 'Open the conversation' })).toHaveAttribute('href', '/dashboard/requests/r1');
      expect(onClose).not.toHaveBeenCalled();
      expect(showSuccess).not.toHaveBeenCalled();
      await vi.waitFor(() => expect(screen.getByLabelText('Your offer')).toHaveFocus());
      expect(screen.getByLabelText('Phone Number')).toHaveAttribute('readonly');

      await user.clear(screen.getByLabelText('Your offer'));
      await user.type(screen.getByLabelText('Your offer'), '32');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await vi.waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Oak chair added to the cart', 'Your offer of $32.00 is with the seller.'));
      expect(bodiesOf(fetchMock).map(([url]) => url)).toEqual(['/api/buyerProduct', '/api/buyerProduct/r1/offers', '/api/buyerProduct/r1/offers']);
      expect(bodiesOf(fetchMock).at(-1)).toEqual(['/api/buyerProduct/r1/offers', { amount: 32 }]);
    });
  });
});
