import { ACCOUNT_MESSAGES } from '@olden/contracts/constants';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { VerifyEmailBanner } from './verify-email-banner';

afterEach(() => vi.unstubAllGlobals());

describe('verify email banner', () => {
  it('asks for verification and resends the link', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/verify-email/send': { message: ACCOUNT_MESSAGES.verificationSent },
    });
    renderWithProviders(<VerifyEmailBanner />);
    const region = screen.getByRole('region', { name: 'Verify your email' });
    expect(region).toHaveTextContent('Please verify your email address');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.verificationSent)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.verificationSent);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/verify-email/send')).toHaveLength(1);
  });

  it('says how long to wait when resending too often', async () => {
    mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/verify-email/send': json({ statusCode: 429, code: 'RATE_LIMITED', message: 'Rate limit exceeded' }, 429, { 'Retry-After': '120' }),
    });
    renderWithProviders(<VerifyEmailBanner />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Please wait 120 seconds');
  });

  it('can be dismissed', async () => {
    mockApi({ 'GET /api/auth/session': { user: null } });
    renderWithProviders(<VerifyEmailBanner />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Verify your email' })).not.toBeInTheDocument();
  });
});
