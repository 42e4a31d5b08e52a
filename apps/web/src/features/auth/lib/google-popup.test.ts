import { OIDC_POPUP_MESSAGE_TYPE, OIDC_POPUP_WINDOW_NAME } from '@olden/contracts/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POPUP_BLOCKED_MESSAGE, runGooglePopup } from './google-popup';

function openPopup() {
  const popup = { closed: false };
  const open = vi.spyOn(window, 'open').mockReturnValue(popup as Window);
  return { popup, open };
}

const post = (data: unknown, origin = window.location.origin) => window.dispatchEvent(new MessageEvent('message', { data, origin }));

afterEach(() => vi.useRealTimers());

describe('the Google sign-in popup', () => {
  it('opens the named window and resolves with the callback result', async () => {
    const { open } = openPopup();
    const result = runGooglePopup();
    expect(open).toHaveBeenCalledWith('/api/auth/google/start', OIDC_POPUP_WINDOW_NAME, expect.any(String));
    post({ type: OIDC_POPUP_MESSAGE_TYPE, ok: false, message: 'Google said no' });
    await expect(result).resolves.toEqual({ ok: false, message: 'Google said no' });
  });

  it('ignores messages from another origin or of another shape', async () => {
    openPopup();
    const result = runGooglePopup();
    post({ type: OIDC_POPUP_MESSAGE_TYPE, ok: true }, 'https://evil.example');
    post({ type: 'something-else', ok: true });
    post({ type: OIDC_POPUP_MESSAGE_TYPE, ok: false });
    post({ type: OIDC_POPUP_MESSAGE_TYPE, ok: true });
    await expect(result).resolves.toEqual({ ok: true });
  });

  it('resolves with null when the window is closed without an answer', async () => {
    vi.useFakeTimers();
    const { popup } = openPopup();
    const result = runGooglePopup();
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBeNull();
  });

  it('says so when the browser blocks the window', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(runGooglePopup()).rejects.toMatchObject({ message: POPUP_BLOCKED_MESSAGE });
  });
});
