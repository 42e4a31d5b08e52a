import type { SessionUser } from '@olden/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '@/lib/api-client';
import { json, mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { startEarlySession, takeEarlySession } from '../lib/early-session';
import { useAuth } from './auth-context';

const user: SessionUser = { _id: 'u1', email: 'user@example.com', displayName: 'Demo User', photoURL: '', admin: false, emailVerified: true, notifyByEmail: true, savedSearchDigest: false };

function Probe() {
  const auth = useAuth();
  return (
    <div>
      <p>loading: {String(auth.loading)}</p>
      <p>user: {auth.user?.email ?? 'none'}</p>
      <button type="button" onClick={() => void auth.signIn({ email: 'user@example.com', password: 'User@1234' }).catch(() => undefined)}>sign in</button>
      <button type="button" onClick={() => void auth.logOut()}>log out</button>
    </div>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('auth state machine (docs/product.md#sessions-and-tokens)', () => {
  it('a session checked before the first render (main.tsx, timeline painted by the server) is the first state: no loader, no second check', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/session': { user }, 'POST /api/jwt': { token: 'tok-early' } });
    await expect(startEarlySession()).resolves.toEqual({ user });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-early');
    renderWithProviders(<Probe />);
    // Signed in from the very first render.
    expect(screen.getByText('loading: false')).toBeInTheDocument();
    expect(screen.getByText('user: user@example.com')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/session')).toHaveLength(1);
    expect(takeEarlySession()).toBeUndefined();
  });

  it('an early check that finds a visitor: signed out from the first render, stale token gone, no second check', async () => {
    localStorage.setItem(TOKEN_KEY, 'stale');
    const fetchMock = mockApi({ 'GET /api/auth/session': { user: null } });
    await expect(startEarlySession()).resolves.toEqual({ user: null });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    renderWithProviders(<Probe />);
    expect(screen.getByText('loading: false')).toBeInTheDocument();
    expect(screen.getByText('user: none')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock.mock.calls).toHaveLength(1);
  });

  it('an early check without a token or with an error leaves nothing: the provider checks as always', async () => {
    for (const routes of [{ 'GET /api/auth/session': { user }, 'POST /api/jwt': {} }, {}]) {
      mockApi(routes);
      await expect(startEarlySession()).resolves.toBeUndefined();
      expect(takeEarlySession()).toBeUndefined();
    }
    mockApi({ 'GET /api/auth/session': { user: null } });
    renderWithProviders(<Probe />);
    expect(screen.getByText('loading: true')).toBeInTheDocument();
    await screen.findByText('loading: false');
  });

  it('starts loading, then with a session user fetches and stores the token before clearing loading', async () => {
    let releaseToken: (r: Response) => void = () => undefined;
    const fetchMock = mockApi({
      'GET /api/auth/session': { user },
      'POST /api/jwt': () => new Promise<Response>((resolve) => (releaseToken = resolve)),
    });
    renderWithProviders(<Probe />);
    expect(screen.getByText('loading: true')).toBeInTheDocument();
    await screen.findByText('user: user@example.com');
    // The user is known but the token is not stored yet: still loading.
    expect(screen.getByText('loading: true')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    await act(async () => releaseToken(json({ token: 'tok-1' })));
    await screen.findByText('loading: false');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-1');
    const jwtCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/jwt');
    expect(JSON.parse(String(jwtCall?.[1]?.body))).toEqual({ email: 'user@example.com' });
  });

  it('with no user removes the stored token and clears loading', async () => {
    localStorage.setItem(TOKEN_KEY, 'stale');
    mockApi({ 'GET /api/auth/session': { user: null } });
    renderWithProviders(<Probe />);
    await screen.findByText('loading: false');
    expect(screen.getByText('user: none')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('keeps loading when the token reply has no token (spec)', async () => {
    mockApi({ 'GET /api/auth/session': { user }, 'POST /api/jwt': {} });
    renderWithProviders(<Probe />);
    await screen.findByText('user: user@example.com');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByText('loading: true')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('sign-in sets loading, then stores the token and clears it', async () => {
    let releaseLogin: (r: Response) => void = () => undefined;
    mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/login': () => new Promise<Response>((resolve) => (releaseLogin = resolve)),
      'POST /api/jwt': { token: 'tok-2' },
    });
    renderWithProviders(<Probe />);
    await screen.findByText('loading: false');
    await userEvent.click(screen.getByRole('button', { name: 'sign in' }));
    expect(screen.getByText('loading: true')).toBeInTheDocument();
    await act(async () => releaseLogin(json({ user })));
    await screen.findByText('loading: false');
    expect(screen.getByText('user: user@example.com')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-2');
  });

  it('a failed sign-in clears loading and stays signed out', async () => {
    mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/login': json({ statusCode: 401, error: 'Unauthorized', code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' }, 401),
    });
    renderWithProviders(<Probe />);
    await screen.findByText('loading: false');
    await userEvent.click(screen.getByRole('button', { name: 'sign in' }));
    await screen.findByText('loading: false');
    expect(screen.getByText('user: none')).toBeInTheDocument();
  });

  it('log-out removes the token and clears the user', async () => {
    mockApi({
      'GET /api/auth/session': { user },
      'POST /api/jwt': { token: 'tok-3' },
      'POST /api/auth/logout': json(null, 204),
    });
    renderWithProviders(<Probe />);
    await screen.findByText('loading: false');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-3');
    await userEvent.click(screen.getByRole('button', { name: 'log out' }));
    await screen.findByText('user: none');
    expect(screen.getByText('loading: false')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
