import { describe, expect, it } from 'vitest';
import { isOidcPopupMessage, OIDC_POPUP_MESSAGE_TYPE } from './oidc-popup.ts';

describe('the sign-in popup message', () => {
  it('accepts the two shapes the callback page posts', () => {
    expect(isOidcPopupMessage({ type: OIDC_POPUP_MESSAGE_TYPE, ok: true })).toBe(true);
    expect(isOidcPopupMessage({ type: OIDC_POPUP_MESSAGE_TYPE, ok: false, message: 'Denied' })).toBe(true);
  });

  it.each([null, 'olden-auth', {}, { type: 'other', ok: true }, { type: OIDC_POPUP_MESSAGE_TYPE }, { type: OIDC_POPUP_MESSAGE_TYPE, ok: false }])(
    'ignores %j',
    (data) => {
      expect(isOidcPopupMessage(data)).toBe(false);
    },
  );
});
