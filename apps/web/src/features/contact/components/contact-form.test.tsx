import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { ContactForm } from './contact-form';

vi.mock('@/lib/popups', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

describe('contact form', () => {
  it('requires all five fields', async () => {
    mockApi({ 'GET /api/auth/session': { user: null } });
    renderWithProviders(<ContactForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('This Name field is required')).toBeInTheDocument();
    expect(screen.getByText('This Email field is required')).toBeInTheDocument();
    expect(screen.getByText('This Subject field is required')).toBeInTheDocument();
    expect(screen.getByText('This Phone Number field is required')).toBeInTheDocument();
    expect(screen.getByText('This Message field is required')).toBeInTheDocument();
  });

  it('sends and shows the spec success popup', async () => {
    const { showSuccess } = await import('@/lib/popups');
    mockApi({ 'GET /api/auth/session': { user: null }, 'POST /api/contact': new Response('OK', { headers: { 'Content-Type': 'text/plain' } }) });
    renderWithProviders(<ContactForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Hello');
    await user.type(screen.getByLabelText('Phone'), '+1 555 1234');
    await user.type(screen.getByLabelText('Message'), 'A question');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await vi.waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Good job! Message has been sent successfully!'));
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });
});
