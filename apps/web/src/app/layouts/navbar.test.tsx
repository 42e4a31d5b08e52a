// The navbar's Buyer Request badge: one summary call, updated live by `summary` events, and no number at all
// (never a placeholder) while it is unknown.
import { act, configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { RootLayout } from './root-layout';

configure({ asyncUtilTimeout: 5000 });

const ann = { _id: 'u1', email: 'ann@example.com', displayName: 'Ann', photoURL: '', admin: false, emailVerified: true, notifyByEmail: true };

class FakeSource extends EventTarget {
  static all: FakeSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeSource.all.push(this);
  }
  close() {}
  emit(name: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}

function renderHome() {
  return renderRoutes([{ path: '/', element: <RootLayout />, children: [{ index: true, element: <p>Home</p> }] }], ['/']);
}

const signedIn = (summary: unknown) =>
  mockApi({
    'GET /api/auth/session': { user: ann },
    'POST /api/jwt': { token: 'token-1' },
    'GET /api/me/summary': summary,
  });

beforeEach(() => {
  FakeSource.all = [];
  vi.stubGlobal('EventSource', FakeSource);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('navbar badge', { timeout: 20_000 }, () => {
  it('counts requests and unread messages from one summary call, then follows summary events', async () => {
    const fetchMock = signedIn({ cartCount: 1, requestCount: 2, unreadMessages: 3 });
    renderHome();
    const link = await screen.findByRole('link', { name: 'Buyer requests: 2, 3 unread messages' });
    expect(link).toHaveAttribute('href', '/dashboard/buyerRequest');
    // The visible text is only the count (part of the name); unread messages show as a dot.
    expect(link).toHaveTextContent(/^2$/);
    expect(link.querySelector('.status')).not.toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/buyerProduct'))).toBe(false);

    await waitFor(() => expect(FakeSource.all).toHaveLength(1));
    act(() => FakeSource.all[0]!.emit('summary', { cartCount: 1, requestCount: 4, unreadMessages: 0 }));
    const updated = await screen.findByRole('link', { name: 'Buyer requests: 4' });
    expect(updated).toHaveTextContent(/^4$/);
    expect(updated.querySelector('.status')).toBeNull();
  });

  it('shows no number when the summary fails', async () => {
    signedIn(json({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500));
    renderHome();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Buyer requests' })).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Buyer requests' }).querySelector('.badge')).toBeNull();
  });

  it('opens no event stream for a visitor', async () => {
    mockApi({ 'GET /api/auth/session': { user: null } });
    renderHome();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(FakeSource.all).toHaveLength(0);
  });
});
