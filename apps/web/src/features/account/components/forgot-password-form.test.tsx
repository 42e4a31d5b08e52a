import { ACCOUNT_MESSAGES } from '@olden/contracts/constants';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { ForgotPasswordForm } from './forgot-password-form';

afterEach(() => vi.unstubAllGlobals());

async function submit(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('forgot password form', () => {
  it('sends the email and says the same thing whatever the answer holds', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/password-reset': json({ message: ACCOUNT_MESSAGES.resetRequested }, 202),
    });
    renderWithProviders(<ForgotPasswordForm />);
    await submit('ann@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists, we sent a link');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/password-reset');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'ann@example.com' });
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('checks the address before sending', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/session': { user: null } });
    renderWithProviders(<ForgotPasswordForm />);
    await submit('not-an-email');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/password-reset')).toBe(false);
  });

  it('tells people to wait when rate limited', async () => {
    mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/password-reset': json({ statusCode: 429, code: 'RATE_LIMITED', message: 'Rate limit exceeded' }, 429, { 'Retry-After': '30' }),
    });
    renderWithProviders(<ForgotPasswordForm />);
    await submit('ann@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 30 seconds');
    expect(screen.queryByText(ACCOUNT_MESSAGES.resetRequested)).not.toBeInTheDocument();
  });
});
