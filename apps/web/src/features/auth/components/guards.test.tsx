import type { SessionUser } from '@olden/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { mockApi } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { AdminRoute } from './admin-route';
import { PrivateRoute } from './private-route';
import { redirectTarget } from './redirect-target';

const user: SessionUser = { _id: 'u1', email: 'user@example.com', displayName: 'Demo', photoURL: '', admin: false, emailVerified: true, notifyByEmail: true, savedSearchDigest: false };

function LoginProbe() {
  const location = useLocation();
  return <p>login page, back to {redirectTarget(location.state)}</p>;
}

const routes = [
  { path: '/', element: <p>home page</p> },
  { path: '/login', element: <LoginProbe /> },
  {
    element: <PrivateRoute />,
    children: [
      { path: '/timeline', element: <p>timeline page</p> },
      { element: <AdminRoute />, children: [{ path: '/dashboard/manageUsers', element: <p>manage users page</p> }] },
    ],
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('route guards', () => {
  it('shows a loading indicator while auth settles', () => {
    mockApi({ 'GET /api/auth/session': () => new Promise<Response>(() => undefined) });
    renderRoutes(routes, ['/timeline']);
    expect(screen.getByRole('status', { name: /checking your session/i })).toBeInTheDocument();
  });

  it('sends a visitor to /login remembering where they came from', async () => {
    mockApi({ 'GET /api/auth/session': { user: null } });
    renderRoutes(routes, ['/timeline?category=kids']);
    expect(await screen.findByText('login page, back to /timeline?category=kids')).toBeInTheDocument();
  });

  it('shows the page to a signed-in user', async () => {
    mockApi({ 'GET /api/auth/session': { user }, 'POST /api/jwt': { token: 't' } });
    renderRoutes(routes, ['/timeline']);
    expect(await screen.findByText('timeline page')).toBeInTheDocument();
  });

  it('admin guard sends a non-admin to /', async () => {
    mockApi({
      'GET /api/auth/session': { user },
      'POST /api/jwt': { token: 't' },
      'GET /api/users/admin/user%40example.com': { admin: false },
    });
    renderRoutes(routes, ['/dashboard/manageUsers']);
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });

  it('admin guard lets an admin in (server check by email)', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { user: { ...user, email: 'admin@example.com', admin: true } },
      'POST /api/jwt': { token: 't' },
      'GET /api/users/admin/admin%40example.com': { admin: true },
    });
    renderRoutes(routes, ['/dashboard/manageUsers']);
    expect(await screen.findByText('manage users page')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/users/admin/admin%40example.com')).toBe(true);
  });
});

describe('redirectTarget', () => {
  it('defaults to / and never returns to the auth pages', () => {
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget({ from: { pathname: '/login' } })).toBe('/');
    expect(redirectTarget({ from: '//evil.example' })).toBe('/');
    expect(redirectTarget({ from: { pathname: '/productDetails/1', search: '', hash: '' } })).toBe('/productDetails/1');
  });
});
