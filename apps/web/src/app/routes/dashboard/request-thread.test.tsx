// The thread page inside the real layouts with a mocked API and a fake event stream: the listing and parties, the
// actions by role, messages sent (draft kept on error) and received live, the read-only closed thread.
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootLayout } from '@/app/layouts/root-layout';
import { json, mockApi } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { DashboardLayout, RequestThread } from '.';

vi.mock('@/lib/popups', () => ({
  confirmAction: vi.fn(async () => true),
  showSuccess: vi.fn(async () => undefined),
  showError: vi.fn(async () => undefined),
}));
const popups = await import('@/lib/popups');

configure({ asyncUtilTimeout: 5000 });

const ann = { _id: 'u1', email: 'ann@example.com', displayName: 'Ann', photoURL: '', admin: false, emailVerified: true, notifyByEmail: true };
const bob = { ...ann, _id: 'u2', email: 'bob@example.com', displayName: 'Bob Buyer' };

const request = (extra: Record<string, unknown> = {}) => ({
  _id: 'r1',
  productId: 'p1',
  buyerName: 'Bob Buyer',
  buyerEmail: 'bob@example.com',
  phoneNumber: '+1 555 0101',
  buyerAddress: '1 High Street',
  status: 'Pending',
  image1: '/img.png',
  name: 'Tea set',
  age: 3,
  date: '2026-01-01',
  category: 'homeAndLiving',
  price: 20,
  uploaderName: 'Ann',
  uploaderPhone: '+1 555 0100',
  uploaderLocation: 'Leeds',
  email: 'ann@example.com',
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  unreadMessages: 0,
  agreedPrice: null,
  ...extra,
});
const message = (id: string, from: 'buyer' | 'seller', text: string) => ({
  _id: id,
  requestId: 'r1',
  from,
  senderName: from === 'buyer' ? 'Bob Buyer' : 'Ann',
  text,
  createdAt: '2026-01-02T09:30:00.000Z',
});

/** The browser's EventSource, enough of it: the navbar opens one per signed-in tab. */
class FakeSource extends EventTarget {
  static all: FakeSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  isClosed = false;
  constructor(readonly url: string) {
    super();
    FakeSource.all.push(this);
  }
  close() {
    this.isClosed = true;
  }
  emit(name: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}
const openStreams = () => FakeSource.all.filter((s) => !s.isClosed);

function renderThread(path = '/dashboard/requests/r1') {
  return renderRoutes(
    [
      {
        path: '/',
        element: <RootLayout />,
        children: [
          { path: 'login', element: <p>Login page</p> },
          { path: 'dashboard', element: <DashboardLayout />, children: [{ path: 'requests/:id', element: <RequestThread /> }] },
        ],
      },
    ],
    [path],
  );
}

function mockAs(user: typeof ann, extra: Parameters<typeof mockApi>[0]) {
  return mockApi({
    'GET /api/auth/session': { user },
    'POST /api/jwt': { token: 'token-1' },
    [`GET /api/users/admin/${encodeURIComponent(user.email)}`]: { admin: false },
    'GET /api/me/summary': { cartCount: 1, requestCount: 1, unreadMessages: 0 },
    'GET /api/buyerProduct': [],
    'GET /api/buyerProduct/r1/offers': [],
    ...extra,
  });
}

const sentBodies = (fetchMock: ReturnType<typeof mockApi>, url: string, method: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === method).map(([, init]) => JSON.parse(String(init?.body)));

beforeEach(() => {
  FakeSource.all = [];
  vi.stubGlobal('EventSource', FakeSource);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.mocked(popups.confirmAction).mockClear();
  vi.mocked(popups.showSuccess).mockClear();
  vi.mocked(popups.showError).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('request thread', { timeout: 20_000 }, () => {
  it('shows the listing, both parties, the status and the messages with their times', async () => {
    mockAs(bob, {
      'GET /api/buyerProduct/r1': request({ status: 'Accepted' }),
      'GET /api/buyerProduct/r1/messages': [message('m1', 'buyer', 'Is it complete?'), message('m2', 'seller', 'Yes, all six cups.')],
    });
    renderThread();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tea set' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tea set' })).toHaveAttribute('href', '/productDetails/p1');
    expect(screen.getByText('$20.00')).toBeInTheDocument();
    expect(screen.getByText('Accepted')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'bob@example.com' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ann@example.com' })).toBeInTheDocument();

    const thread = await screen.findByRole('region', { name: 'Conversation' });
    const items = within(thread).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual(['Is it complete?', 'Yes, all six cups.']);
    expect(within(items[0]!).getByText('You')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Ann')).toBeInTheDocument();
    expect(items[1]!.querySelector('time')).toHaveAttribute('dateTime', '2026-01-02T09:30:00.000Z');
    // The buyer's action is Cancel; the seller's are not offered.
    expect(screen.getByRole('button', { name: 'Cancel request' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Cart' })).toHaveAttribute('href', '/dashboard/myCarts');
  });

  it('sends with Ctrl+Enter and with the button; a refusal keeps the draft and shows the server message', async () => {
    let posts = 0;
    const fetchMock = mockAs(bob, {
      'GET /api/buyerProduct/r1': request(),
      'GET /api/buyerProduct/r1/messages': [],
      'POST /api/buyerProduct/r1/messages': ({ body }: { body?: BodyInit | null }) => {
        posts += 1;
        if (posts === 2) return json({ statusCode: 429, error: 'Too Many Requests', message: 'Too many messages' }, 429, { 'Retry-After': '30' });
        const { text } = JSON.parse(String(body)) as { text: string };
        return json(message(`m${posts}`, 'buyer', text));
      },
    });
    renderThread();
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
    const box = screen.getByLabelText('Your message');
    const user = userEvent.setup();

    // Empty: nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Message is required');
    expect(posts).toBe(0);

    await user.type(box, '  When can I collect it?  ');
    await user.keyboard('{Control>}{Enter}{/Control}');
    const thread = await screen.findByRole('region', { name: 'Conversation' });
    expect(within(thread).getByText('When can I collect it?')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(sentBodies(fetchMock, '/api/buyerProduct/r1/messages', 'POST')).toEqual([{ text: 'When can I collect it?' }]);

    await user.type(box, 'Hello again');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait 30 seconds and try again.');
    expect(box).toHaveValue('Hello again');
    expect(box).toHaveFocus();
  });

  it('shows a message from the other party live, announced once, without a reload', async () => {
    const stored = [message('m1', 'buyer', 'Is it complete?')];
    mockAs(ann, {
      'GET /api/buyerProduct/r1': request(),
      'GET /api/buyerProduct/r1/messages': () => json(stored),
    });
    renderThread();
    const thread = await screen.findByRole('region', { name: 'Conversation' });
    await waitFor(() => expect(openStreams()).toHaveLength(1));
    expect(openStreams()[0]!.url).toBe('/api/events');
    const live = screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite' && el.classList.contains('sr-only'))!;
    expect(live).toHaveTextContent('');

    // The server stores the message, then tells the other party.
    stored.push(message('m9', 'buyer', 'Can you post it?'));
    act(() => openStreams()[0]!.emit('message', { requestId: 'r1', message: message('m9', 'buyer', 'Can you post it?') }));
    expect(await within(thread).findByText('Can you post it?')).toBeInTheDocument();
    expect(live).toHaveTextContent('New message from Bob Buyer: Can you post it?');
    // The same message again (the refetch that marks it read) is not shown twice.
    act(() => openStreams()[0]!.emit('message', { requestId: 'r1', message: message('m9', 'buyer', 'Can you post it?') }));
    expect(within(thread).getAllByText('Can you post it?')).toHaveLength(1);
  });

  it('lets the seller accept after a confirmation, and shows the server reason when it is refused', async () => {
    let current = request();
    let patches = 0;
    const fetchMock = mockAs(ann, {
      'GET /api/buyerProduct/r1': () => json(current),
      'GET /api/buyerProduct/r1/messages': [],
      'PATCH /api/buyerProduct/r1': ({ body }: { body?: BodyInit | null }) => {
        patches += 1;
        if (patches === 2) {
          return json({ statusCode: 409, error: 'Conflict', code: 'REQUEST_CLOSED', message: 'This request is already closed' }, 409);
        }
        current = request({ status: (JSON.parse(String(body)) as { status: string }).status });
        return json(current);
      },
    });
    renderThread();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(popups.confirmAction).toHaveBeenCalledWith('Are you sure?', 'Tea set will be reserved for Bob Buyer until you hand it over.', 'Yes, accept it!');
    await waitFor(() => expect(popups.showSuccess).toHaveBeenCalledWith('Tea set is reserved for Bob Buyer'));
    expect(sentBodies(fetchMock, '/api/buyerProduct/r1', 'PATCH')).toEqual([{ status: 'Accepted' }]);
    // Accepted: no Accept any more; Decline and handover remain.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'handover' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(popups.showError).toHaveBeenCalledWith('Could not decline it', 'This request is already closed'));
  });

  it('keeps a closed thread readable but read-only', async () => {
    mockAs(bob, {
      'GET /api/buyerProduct/r1': request({ status: 'Completed' }),
      'GET /api/buyerProduct/r1/messages': [message('m1', 'seller', 'Enjoy it!')],
    });
    renderThread();
    expect(await screen.findByText('Enjoy it!')).toBeInTheDocument();
    expect(screen.getByText(/This request is completed/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
  });

  it('says so when the request cannot be seen, with a retry', async () => {
    mockAs(bob, { 'GET /api/buyerProduct/r1': json({ statusCode: 404, error: 'Not Found', message: 'Buy request not found' }, 404) });
    renderThread();
    expect(await screen.findByRole('alert')).toHaveTextContent('Buy request not found');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('closes the event stream on sign-out', async () => {
    mockAs(bob, {
      'GET /api/buyerProduct/r1': request(),
      'GET /api/buyerProduct/r1/messages': [],
      'POST /api/auth/logout': json(null, 204),
    });
    renderThread();
    await waitFor(() => expect(openStreams()).toHaveLength(1));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(openStreams()).toHaveLength(0));
    expect(FakeSource.all).toHaveLength(1);
  });
});

const HOUR = 3_600_000;
const offer = (id: string, extra: Record<string, unknown> = {}) => ({
  _id: id,
  requestId: 'r1',
  amount: 80,
  by: 'buyer',
  status: 'open',
  createdAt: '2026-01-02T10:00:00.000Z',
  // Half an hour into the 48: "expires in 47 h".
  expiresAt: new Date(Date.now() + 47.5 * HOUR).toISOString(),
  answeredAt: null,
  ...extra,
});
const articles = () => screen.getAllByRole('article');

describe('offers in the request thread', { timeout: 20_000 }, () => {
  it('shows the offers among the messages in time order: who made them, the status in words and the time left', async () => {
    const openOffer = offer('o2');
    mockAs(ann, {
      'GET /api/buyerProduct/r1': request({ price: 100 }),
      'GET /api/buyerProduct/r1/messages': [message('m1', 'buyer', 'Would you take less?')],
      'GET /api/buyerProduct/r1/offers': [
        offer('o1', { amount: 60, status: 'declined', createdAt: '2026-01-02T08:00:00.000Z', answeredAt: '2026-01-02T09:00:00.000Z' }),
        openOffer,
      ],
    });
    renderThread();
    const thread = await screen.findByRole('region', { name: 'Conversation' });
    const items = within(thread).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Bob Buyer's offerDeclined\$60\.00/),
      expect.stringMatching(/^Would you take less\?/),
      expect.stringMatching(/^Bob Buyer's offerOpen\$80\.00Listed price: \$100\.00This offer expires in 47 hAcceptDeclineCounter$/),
    ]);
    const [declined, open] = articles();
    expect(open).toHaveAccessibleName("Bob Buyer's offer");
    expect(within(open!).getByText('expires in 47 h')).toHaveAttribute('dateTime', openOffer.expiresAt);
    // The seller answers the buyer's open offer; an answered one has no buttons.
    for (const action of ['Accept', 'Decline', 'Counter']) {
      expect(within(open!).getByRole('button', { name: `${action} Bob Buyer's offer of $80.00` })).toHaveTextContent(action);
    }
    expect(within(declined!).queryByRole('button')).not.toBeInTheDocument();
    expect(declined).toHaveTextContent(/Answered Jan 2, 2026/);
    // The seller makes no new offers of their own: they counter.
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
  });

  it("shows the buyer their own open offer waiting, without buttons, and the seller's counter with them", async () => {
    let offers = [offer('o1')];
    mockAs(bob, {
      'GET /api/buyerProduct/r1': request({ price: 100 }),
      'GET /api/buyerProduct/r1/messages': [],
      'GET /api/buyerProduct/r1/offers': () => json(offers),
    });
    const { queryClient } = renderThread();
    await screen.findByRole('region', { name: 'Conversation' });
    const [mine] = articles();
    expect(mine).toHaveAccessibleName('Your offer');
    expect(mine).toHaveTextContent("This offer expires in 47 h. Waiting for Ann's answer.");
    expect(within(mine!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
    expect(screen.getByText('Ann has your offer. You can make a new one once it is answered.')).toBeInTheDocument();

    offers = [offer('o1', { status: 'countered', answeredAt: '2026-01-02T11:00:00.000Z' }), offer('o2', { by: 'seller', amount: 90, createdAt: '2026-01-02T11:00:00.000Z' })];
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(articles()).toHaveLength(2));
    const counter = articles()[1]!;
    expect(counter).toHaveAccessibleName("Ann's counter-offer");
    await userEvent.setup().click(within(counter).getByRole('button', { name: "Accept Ann's counter-offer of $90.00" }));
    expect(popups.confirmAction).toHaveBeenCalledWith('Are you sure?', 'You agree to buy Tea set for $90.00; Ann will hold it for you until the handover.', 'Yes, accept it!');
  });

  it('accepts an offer only after the confirmation, then shows the agreed price', async () => {
    let current = request({ price: 100 });
    let offers = [offer('o1')];
    const fetchMock = mockAs(ann, {
      'GET /api/buyerProduct/r1': () => json(current),
      'GET /api/buyerProduct/r1/messages': [],
      'GET /api/buyerProduct/r1/offers': () => json(offers),
      'PATCH /api/buyerProduct/r1/offers/o1': () => {
        offers = [offer('o1', { status: 'accepted', answeredAt: '2026-01-02T12:00:00.000Z' })];
        current = request({ price: 100, status: 'Accepted', agreedPrice: 80 });
        return json({ offer: offers[0], counter: null, request: current });
      },
    });
    renderThread();
    const user = userEvent.setup();
    const accept = await screen.findByRole('button', { name: "Accept Bob Buyer's offer of $80.00" });

    vi.mocked(popups.confirmAction).mockResolvedValueOnce(false);
    await user.click(accept);
    expect(popups.confirmAction).toHaveBeenCalledWith('Are you sure?', 'Tea set will be reserved for Bob Buyer at $80.00 until you hand it over.', 'Yes, accept it!');
    expect(sentBodies(fetchMock, '/api/buyerProduct/r1/offers/o1', 'PATCH')).toEqual([]);

    await user.click(accept);
    await waitFor(() => expect(popups.showSuccess).toHaveBeenCalledWith('Tea set is reserved for Bob Buyer at $80.00'));
    expect(sentBodies(fetchMock, '/api/buyerProduct/r1/offers/o1', 'PATCH')).toEqual([{ action: 'accept' }]);
    expect(await screen.findByText((_, el) => el?.tagName === 'SPAN' && el.textContent === 'Agreed price $80.00 (listed $100.00)')).toBeInTheDocument();
    const [card] = articles();
    expect(within(card!).getByText('Accepted')).toBeInTheDocument();
    expect(within(card!).queryByRole('button')).not.toBeInTheDocument();
    // The answered card keeps the focus the gone button had.
    expect(card).toHaveFocus();
  });

  it('shows why an answer was refused on the card, and the offer as it is now', async () => {
    let offers = [offer('o1')];
    mockAs(ann, {
      'GET /api/buyerProduct/r1': request({ price: 100 }),
      'GET /api/buyerProduct/r1/messages': [],
      'GET /api/buyerProduct/r1/offers': () => json(offers),
      'PATCH /api/buyerProduct/r1/offers/o1': () => {
        offers = [offer('o1', { status: 'expired', answeredAt: '2026-01-04T10:00:00.000Z' })];
        return json({ statusCode: 409, error: 'Conflict', code: 'OFFER_CLOSED', message: 'This offer has expired' }, 409);
      },
    });
    renderThread();
    await userEvent.setup().click(await screen.findByRole('button', { name: "Decline Bob Buyer's offer of $80.00" }));
    expect(popups.confirmAction).toHaveBeenCalledWith('Are you sure?', "Bob Buyer's offer of $80.00 for Tea set will be declined.", 'Yes, decline it!');
    const card = articles()[0]!;
    expect(await within(card).findByRole('alert')).toHaveTextContent('This offer has expired');
    await waitFor(() => expect(within(card).getByText('Expired')).toBeInTheDocument());
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(popups.showSuccess).not.toHaveBeenCalled();
  });

  it('counters with an amount of its own: {action: counter, amount}, and the counter shows as the open one', async () => {
    let offers = [offer('o1')];
    const fetchMock = mockAs(ann, {
      'GET /api/buyerProduct/r1': request({ price: 100 }),
      'GET /api/buyerProduct/r1/messages': [],
      'GET /api/buyerProduct/r1/offers': () => json(offers),
      'PATCH /api/buyerProduct/r1/offers/o1': ({ body }: { body?: BodyInit | null }) => {
        const { amount } = JSON.parse(String(body)) as { amount: number };
        offers = [offer('o1', { status: 'countered', answeredAt: '2026-01-02T11:00:00.000Z' }), offer('o2', { by: 'seller', amount, createdAt: '2026-01-02T11:00:00.000Z' })];
        return json({ offer: offers[0], counter: offers[1], request: request({ price: 100 }) });
      },
    });
    renderThread();
    const user = userEvent.setup();
    const counterButton = await screen.findByRole('button', { name: "Counter Bob Buyer's offer of $80.00" });
    expect(counterButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(counterButton);
    expect(counterButton).toHaveAttribute('aria-expanded', 'true');
    const field = screen.getByLabelText('Your counter-offer');
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription('Listed price: $100.00');

    // Escape closes it and gives the focus back.
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('Your counter-offer')).not.toBeInTheDocument();
    expect(counterButton).toHaveFocus();

    await user.click(counterButton);
    // At or under the buyer's offer is no counter: accept it instead.
    await user.type(screen.getByLabelText('Your counter-offer'), '80');
    await user.click(screen.getByRole('button', { name: 'Send counter-offer' }));
    expect(await screen.findByText('A counter-offer must be above $80.00: accept the offer instead')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Your counter-offer'));
    await user.type(screen.getByLabelText('Your counter-offer'), '100');
    await user.click(screen.getByRole('button', { name: 'Send counter-offer' }));
    expect(await screen.findByText('An offer must be below the listed price of $100.00')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/buyerProduct/r1/offers/o1', 'PATCH')).toEqual([]);

    await user.clear(screen.getByLabelText('Your counter-offer'));
    await user.type(screen.getByLabelText('Your counter-offer'), '90');
    await user.click(screen.getByRole('button', { name: 'Send counter-offer' }));
    await waitFor(() => expect(popups.showSuccess).toHaveBeenCalledWith('Your counter-offer of $90.00 was sent'));
    expect(sentBodies(fetchMock, '/api/buyerProduct/r1/offers/o1', 'PATCH')).toEqual([{ action: 'counter', amount: 90 }]);
    await waitFor(() => expect(articles()).toHaveLength(2));
    const [answered, counter] = articles();
    expect(within(answered!).getByText('Countered')).toBeInTheDocument();
    expect(counter).toHaveAccessibleName('Your counter-offer');
    expect(counter).toHaveTextContent('$90.00');
    expect(within(counter!).queryByRole('button')).not.toBeInTheDocument();
  });

  it("lets the buyer make an offer from the thread, keeping the amount and saying why when it is refused", async () => {
    let offers: ReturnType<typeof offer>[] = [];
    let posts = 0;
    const fetchMock = mockAs(bob, {
      'GET /api/buyerProduct/r1': request({ price: 100 }),
      'GET /api/buyerProduct/r1/messages': [],
      'GET /api/buyerProduct/r1/offers': () => json(offers),
      'POST /api/buyerProduct/r1/offers': ({ body }: { body?: BodyInit | null }) => {
        posts += 1;
        if (posts === 1) return json({ statusCode: 409, error: 'Conflict', code: 'OFFER_TOO_LOW', message: 'This offer is lower than the seller takes' }, 409);
        offers = [offer('o1', { amount: (JSON.parse(String(body)) as { amount: number }).amount })];
        return json({ offer: offers[0] }, 201);
      },
    });
    renderThread();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Make an offer' }));
    const field = screen.getByLabelText('Your offer');
    expect(field).toHaveFocus();
    await user.type(field, '20');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This offer is lower than the seller takes');
    expect(field).toHaveValue('20');
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, '75.5');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(popups.showSuccess).toHaveBeenCalledWith('Your offer of $75.50 was sent'));
    expect(sentBodies(fetchMock, '/api/buyerProduct/r1/offers', 'POST')).toEqual([{ amount: 20 }, { amount: 75.5 }]);
    const [mine] = await screen.findAllByRole('article');
    expect(mine).toHaveAccessibleName('Your offer');
    expect(mine).toHaveTextContent('$75.50');
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
    expect(screen.getByText('Ann has your offer. You can make a new one once it is answered.')).toHaveFocus();
  });

  it('shows an offer from the other party live, read out once', async () => {
    const offers: ReturnType<typeof offer>[] = [];
    mockAs(ann, {
      'GET /api/buyerProduct/r1': request({ price: 100 }),
      'GET /api/buyerProduct/r1/messages': [message('m1', 'buyer', 'Hello')],
      'GET /api/buyerProduct/r1/offers': () => json(offers),
    });
    renderThread();
    const thread = await screen.findByRole('region', { name: 'Conversation' });
    await waitFor(() => expect(openStreams()).toHaveLength(1));
    const live = screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite' && el.classList.contains('sr-only'))!;

    offers.push(offer('o1'));
    act(() => openStreams()[0]!.emit('offer', { requestId: 'r1', offer: offer('o1') }));
    const card = await within(thread).findByRole('article', { name: "Bob Buyer's offer" });
    expect(within(card).getByRole('button', { name: "Accept Bob Buyer's offer of $80.00" })).toBeInTheDocument();
    expect(live).toHaveTextContent('New offer from Bob Buyer: $80.00');
    act(() => openStreams()[0]!.emit('offer', { requestId: 'r1', offer: offer('o1') }));
    expect(within(thread).getAllByRole('article')).toHaveLength(1);
  });
});
