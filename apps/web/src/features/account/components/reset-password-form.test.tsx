import { ACCOUNT_MESSAGES } from '@olden/contracts/constants';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { ResetPasswordForm } from './reset-password-form';

afterEach(() => vi.unstubAllGlobals());

async function fill(password: string, confirm = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

const session = { 'GET /api/auth/session': { user: null } };

describe('reset password form', () => {
  it('sends the token with the new password and hands on the message', async () => {
    const fetchMock = mockApi({ ...session, 'POST /api/auth/password-reset/confirm': { message: ACCOUNT_MESSAGES.passwordReset } });
    const onSuccess = vi.fn();
    renderWithProviders(<ResetPasswordForm token="tok-1" onSuccess={onSuccess} />);
    await fill('Better@123');
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith(ACCOUNT_MESSAGES.passwordReset));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/password-reset/confirm');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ token: 'tok-1', password: 'Better@123' });
  });

  it('applies the register rules and messages before sending', async () => {
    const fetchMock = mockApi(session);
    renderWithProviders(<ResetPasswordForm token="tok-1" onSuccess={vi.fn()} />);
    await fill('abc');
    expect(await screen.findByText('Password must me 6 character')).toBeInTheDocument();
    await userEvent.setup().clear(screen.getByLabelText('New password'));
    await fill('Better@123', 'Better@124');
    expect(await screen.findByText('The two passwords are not the same')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/password-reset/confirm')).toBe(false);
  });

  it('explains a used or expired link and offers a new one', async () => {
    mockApi({
      ...session,
      'POST /api/auth/password-reset/confirm': json({ statusCode: 400, code: 'INVALID_TOKEN', message: ACCOUNT_MESSAGES.invalidToken }, 400),
    });
    const onSuccess = vi.fn();
    renderWithProviders(<ResetPasswordForm token="old" onSuccess={onSuccess} />);
    await fill('Better@123');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ACCOUNT_MESSAGES.invalidToken);
    expect(within(alert).getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgotPassword');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('puts a common password on the field', async () => {
    mockApi({
      ...session,
      'POST /api/auth/password-reset/confirm': json(
        { statusCode: 400, code: 'COMMON_PASSWORD', message: ACCOUNT_MESSAGES.commonPassword, details: [{ path: 'password', message: ACCOUNT_MESSAGES.commonPassword }] },
        400,
      ),
    });
    renderWithProviders(<ResetPasswordForm token="tok-1" onSuccess={vi.fn()} />);
    await fill('Password@1');
    expect(await screen.findByText(ACCOUNT_MESSAGES.commonPassword)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('link', { name: 'Request a new link' })).not.toBeInTheDocument();
  });

  it('puts the server validation message on the field', async () => {
    mockApi({
      ...session,
      'POST /api/auth/password-reset/confirm': json(
        { statusCode: 400, code: 'VALIDATION', message: 'Invalid request', details: [{ path: 'password', message: 'Password must me 6 character' }] },
        400,
      ),
    });
    renderWithProviders(<ResetPasswordForm token="tok-1" onSuccess={vi.fn()} />);
    await fill('Better@123');
    expect(await screen.findByText('Password must me 6 character')).toBeInTheDocument();
  });
});
