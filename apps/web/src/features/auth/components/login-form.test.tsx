import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { GOOGLE_UNAVAILABLE } from './google-sign-in-button';
import { LoginForm } from './login-form';

afterEach(() => vi.unstubAllGlobals());

describe('login form', () => {
  it('has the spec controls, with native required checks', () => {
    mockApi({ 'GET /api/auth/session': { user: null } });
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue With Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgotPassword');
  });

  it('says why a sign-in failed and does not redirect', async () => {
    mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/login': json({ statusCode: 401, error: 'Unauthorized', code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' }, 401),
    });
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'user@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('tells people to wait when rate limited', async () => {
    mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/login': json({ statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' }, 429, { 'Retry-After': '60' }),
    });
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'user@example.com');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('wait 60 seconds');
  });

  it('signs in and calls onSuccess', async () => {
    mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/login': { user: { _id: '1', email: 'user@example.com', displayName: 'U', photoURL: '', admin: false, emailVerified: true } },
      'POST /api/jwt': { token: 't' },
    });
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'user@example.com');
    await user.type(screen.getByLabelText('Password'), 'User@1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
  });

  it('explains when Google sign-in is not configured instead of opening a popup', async () => {
    mockApi({ 'GET /api/auth/session': { user: null }, 'GET /api/auth/providers': { google: false } });
    const open = vi.spyOn(window, 'open');
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue With Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(GOOGLE_UNAVAILABLE);
    expect(open).not.toHaveBeenCalled();
  });
});
