// The account pages wired to a mocked API inside the real layout: verify on arrival (once, even under
// StrictMode), the banner that goes once verified, and the reset page's way to the login.
import { ACCOUNT_MESSAGES } from '@olden/contracts/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { createQueryClient } from '@/lib/query-client';
import { json, mockApi } from '@/test/fetch-mock';
import { RootLayout } from '../layouts/root-layout';
import { Component as ResetPassword } from './reset-password';
import { Component as VerifyEmail } from './verify-email';

vi.mock('@/lib/popups', () => ({
  confirmAction: vi.fn(async () => true),
  showSuccess: vi.fn(async () => undefined),
  showError: vi.fn(async () => undefined),
}));
const popups = await import('@/lib/popups');

configure({ asyncUtilTimeout: 5000 });

const ann = { _id: 'u1', email: 'ann@example.com', displayName: 'Ann', photoURL: '', admin: false, emailVerified: false };

function renderApp(url: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <RootLayout />,
        children: [
          { index: true, element: <p>Home page</p> },
          { path: paths.login.path, element: <p>Login page</p> },
          { path: paths.verifyEmail.path, element: <VerifyEmail /> },
          { path: paths.resetPassword.path, element: <ResetPassword /> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  return router;
}

/** A signed-in Ann whose session says what `state.verified` says now. */
function mockAnn(state: { verified: boolean }, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/auth/session': () => json({ user: { ...ann, emailVerified: state.verified } }),
    'POST /api/jwt': { token: 'token-1' },
    'GET /api/buyerProduct': [],
    ...extra,
  });
}

const calls = (fetchMock: ReturnType<typeof mockApi>, url: string) => fetchMock.mock.calls.filter(([u]) => u === url);

beforeEach(() => {
  vi.mocked(popups.showSuccess).mockClear();
  // ScrollRestoration scrolls on every navigation; jsdom has no layout to scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('account pages', { timeout: 20_000 }, () => {
  it('shows the banner to an unverified user, but not on the page that verifies', async () => {
    mockAnn({ verified: false });
    const router = renderApp('/');
    expect(await screen.findByRole('region', { name: 'Verify your email' })).toHaveTextContent('Please verify your email address');
    await router.navigate(paths.verifyEmail.getHref(''));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Verify your email' })).not.toBeInTheDocument());
  });

  it('verifies once on arrival, even under StrictMode, and the session refresh hides the banner', async () => {
    const state = { verified: false };
    const fetchMock = mockAnn(state, {
      'POST /api/auth/verify-email': () => {
        state.verified = true;
        return json({ emailVerified: true });
      },
    });
    const router = renderApp(paths.verifyEmail.getHref('tok-1'));
    expect(await screen.findByText('Your email is verified. Thank you!')).toBeInTheDocument();
    expect(calls(fetchMock, '/api/auth/verify-email')).toHaveLength(1);
    expect(JSON.parse(String(calls(fetchMock, '/api/auth/verify-email')[0]?.[1]?.body))).toEqual({ token: 'tok-1' });
    // The session is read again after verifying: away from this page the banner stays gone.
    await waitFor(() => expect(calls(fetchMock, '/api/auth/session').length).toBeGreaterThanOrEqual(2));
    await router.navigate('/');
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Verify your email' })).not.toBeInTheDocument();
    expect(calls(fetchMock, '/api/auth/verify-email')).toHaveLength(1);
  });

  it('explains a used link and sends a new one to a signed-in user', async () => {
    const fetchMock = mockAnn(
      { verified: false },
      {
        'POST /api/auth/verify-email': json({ statusCode: 400, code: 'INVALID_TOKEN', message: ACCOUNT_MESSAGES.invalidToken }, 400),
        'POST /api/auth/verify-email/send': { message: ACCOUNT_MESSAGES.verificationSent },
      },
    );
    renderApp(paths.verifyEmail.getHref('used'));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.invalidToken);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.verificationSent)).toBeInTheDocument();
    expect(calls(fetchMock, '/api/auth/verify-email/send')).toHaveLength(1);
  });

  it('asks a visitor with a bad link to log in for a new one', async () => {
    mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/verify-email': json({ statusCode: 400, code: 'INVALID_TOKEN', message: ACCOUNT_MESSAGES.invalidToken }, 400),
    });
    renderApp(paths.verifyEmail.getHref('expired'));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.invalidToken);
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Send a new link' })).not.toBeInTheDocument();
  });

  it('offers a visitor the log-in that comes back here, or the password reset, when the link needs its account signed in', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/verify-email': json({ statusCode: 409, code: 'SIGN_IN_TO_VERIFY', message: ACCOUNT_MESSAGES.signInToVerify }, 409),
    });
    const router = renderApp(paths.verifyEmail.getHref('tok-2'));
    expect(await screen.findByText(ACCOUNT_MESSAGES.signInToVerify)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset the password' })).toHaveAttribute('href', '/forgotPassword');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Log in to confirm' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    // The login page sends the visitor back to this very link.
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/verifyEmail', search: '?token=tok-2' } });
    expect(calls(fetchMock, '/api/auth/verify-email')).toHaveLength(1);
  });

  it('tells a user signed in to another account which one they are in', async () => {
    mockAnn(
      { verified: true },
      { 'POST /api/auth/verify-email': json({ statusCode: 409, code: 'SIGN_IN_TO_VERIFY', message: ACCOUNT_MESSAGES.signInToVerify }, 409) },
    );
    renderApp(paths.verifyEmail.getHref('not-ann'));
    expect(await screen.findByText(/You are signed in as/)).toHaveTextContent('ann@example.com');
    expect(screen.getByRole('link', { name: 'Reset the password' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in to confirm' })).not.toBeInTheDocument();
  });

  it('does not call the server for a link without a token', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/session': { user: null } });
    renderApp(paths.verifyEmail.getHref());
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete');
    expect(calls(fetchMock, '/api/auth/verify-email')).toHaveLength(0);
  });

  it('resets the password, says so, and goes to the login page', async () => {
    mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/password-reset/confirm': { message: ACCOUNT_MESSAGES.passwordReset },
    });
    const router = renderApp(paths.resetPassword.getHref('tok-9'));
    const form = await screen.findByRole('form', { name: 'Reset password' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('New password'), 'Better@123');
    await user.type(within(form).getByLabelText('Confirm new password'), 'Better@123');
    await user.click(within(form).getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(popups.showSuccess).toHaveBeenCalledWith(ACCOUNT_MESSAGES.passwordReset);
  });

  it('offers a new link when the reset link has no token', async () => {
    mockApi({ 'GET /api/auth/session': { user: null } });
    renderApp(paths.resetPassword.getHref());
    expect(await screen.findByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgotPassword');
    expect(screen.queryByRole('form', { name: 'Reset password' })).not.toBeInTheDocument();
  });
});
