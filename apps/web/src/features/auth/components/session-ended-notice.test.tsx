import type { SessionUser } from '@olden/contracts';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, reportAuthFailure } from '@/lib/api-client';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { clearSessionEnded } from '../lib/session-ended';
import { useAuth } from './auth-context';
import { SessionEndedNotice } from './session-ended-notice';

const user: SessionUser = { _id: 'u1', email: 'user@example.com', displayName: 'Demo User', photoURL: '', admin: false, emailVerified: true, notifyByEmail: true, savedSearchDigest: false };
const MESSAGE = /Your session has ended/;

/** Stands for the app: a signed-in page until the auth failure, then the login page. */
function App() {
  const { user: current, loading } = useAuth();
  if (loading) return <p>loading</p>;
  return current ? <p>signed in</p> : <SessionEndedNotice />;
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSessionEnded();
});

describe('login page after a forced sign-out (docs/product.md#sessions-and-tokens)', () => {
  it('says the session ended when a 401 signs the person out', async () => {
    mockApi({ 'GET /api/auth/session': { user }, 'POST /api/jwt': { token: 't' }, 'POST /api/auth/logout': null });
    renderWithProviders(<App />);
    await screen.findByText('signed in');
    act(() => reportAuthFailure(new ApiError(401, 'Session expired')));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGE);
  });

  it('says nothing to a visitor who was never signed in', async () => {
    mockApi({ 'GET /api/auth/session': { user: null }, 'POST /api/auth/logout': null });
    renderWithProviders(<App />);
    await vi.waitFor(() => expect(screen.queryByText('loading')).not.toBeInTheDocument());
    act(() => reportAuthFailure(new ApiError(401, 'No session')));
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
  });
});
