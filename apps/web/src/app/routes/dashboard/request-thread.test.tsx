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
