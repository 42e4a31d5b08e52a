import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { json, mockApi } from '@/test/fetch-mock';
import { NotifyToggle } from './notify-toggle';

const user = { _id: 'u1', email: 'ann@example.com', displayName: 'Ann', photoURL: '', admin: false, emailVerified: true, notifyByEmail: true, savedSearchDigest: false };

function renderToggle(isOn: boolean, onSaved = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotifyToggle isOn={isOn} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

describe('NotifyToggle', () => {
  it('turns request and message mails off with PATCH /users/me and tells the page', async () => {
    const fetchMock = mockApi({ 'PATCH /api/users/me': json({ user: { ...user, notifyByEmail: false } }) });
    const onSaved = renderToggle(true);
    const toggle = screen.getByRole('switch', { name: 'Email me about requests and messages' });
    expect(toggle).toBeChecked();
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...user, notifyByEmail: false }));
    expect(toggle).not.toBeChecked();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ notifyByEmail: false });
  });

  it('goes back and says why when the save fails', async () => {
    mockApi({ 'PATCH /api/users/me': json({ statusCode: 400, error: 'Bad Request', message: 'notifyByEmail must be a boolean' }, 400) });
    const onSaved = renderToggle(false);
    const toggle = screen.getByRole('switch', { name: 'Email me about requests and messages' });
    await userEvent.setup().click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('notifyByEmail must be a boolean');
    expect(toggle).not.toBeChecked();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
