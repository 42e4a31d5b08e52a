import { messages } from '@olden/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { RegisterForm } from './register-form';

afterEach(() => vi.unstubAllGlobals());

function setup(onSuccess = vi.fn()) {
  renderWithProviders(<RegisterForm onSuccess={onSuccess} />);
  return { onSuccess, user: userEvent.setup() };
}

describe('register form (docs/product.md#validation-rules)', () => {
  it('shows every required message next to its field', async () => {
    mockApi({ 'GET /api/auth/session': { user: null } });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('This Name field is required')).toBeInTheDocument();
    expect(screen.getByText('photoURL field is required')).toBeInTheDocument();
    expect(screen.getByText('This Email field is required')).toBeInTheDocument();
    expect(screen.getByText('This Password field is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('This Name field is required');
  });

  it.each([
    ['abc', messages.register.passwordMin],
    ['abcdefgh', messages.register.passwordPattern],
    ['abc1defg', messages.register.passwordPattern],
    ['a1!aaaaaaaaaaaaaaaaa', messages.register.passwordPattern],
  ])('password %s shows "%s"', async (password, message) => {
    mockApi({ 'GET /api/auth/session': { user: null } });
    const { user } = setup();
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('toggles the password visibility', async () => {
    mockApi({ 'GET /api/auth/session': { user: null } });
    const { user } = setup();
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
  });

  it('registers, then calls onSuccess', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/register': json({ user: { _id: '1', email: 'new@example.com', displayName: 'New', photoURL: 'https://example.com/a.png', admin: false, emailVerified: false } }, 201),
      'POST /api/jwt': { token: 't' },
    });
    const { user, onSuccess } = setup();
    await user.type(screen.getByLabelText('Name'), 'New');
    await user.type(screen.getByLabelText('Photo URL'), 'https://example.com/a.png');
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'Abc@1234');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/register');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ name: 'New', photoURL: 'https://example.com/a.png', email: 'new@example.com', password: 'Abc@1234' });
  });

  it('explains a taken email instead of failing silently', async () => {
    mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/register': json({ statusCode: 409, error: 'Conflict', code: 'EMAIL_TAKEN', message: 'Email already registered' }, 409),
    });
    const { user, onSuccess } = setup();
    await user.type(screen.getByLabelText('Name'), 'New');
    await user.type(screen.getByLabelText('Photo URL'), 'https://example.com/a.png');
    await user.type(screen.getByLabelText('Email'), 'user@example.com');
    await user.type(screen.getByLabelText('Password'), 'Abc@1234');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(/already exists/)).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
