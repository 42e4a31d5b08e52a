import { useEffect, useState } from 'react';
import { clearSessionEnded, hasSessionEnded } from '../lib/session-ended';

/** docs/product.md#sessions-and-tokens: after a forced sign-out, the login page tells the person why they are here. */
export function SessionEndedNotice() {
  const [isShown] = useState(hasSessionEnded);
  // Said once: leaving the login page (or signing in) forgets it.
  useEffect(() => clearSessionEnded, []);
  if (!isShown) return null;
  return (
    <div role="status" className="alert alert-info alert-soft mb-5 text-sm">
      <span>Your session has ended, so you have been signed out. Please log in again to continue.</span>
    </div>
  );
}
