// Remembers that the server ended the session (a 401/403 while signed in), so the login page can say so.
// In memory only: a reload is a fresh start, and a later visit to the login page is not about that sign-out.

let hasEnded = false;

export function markSessionEnded(): void {
  hasEnded = true;
}

/** Read without clearing: the login page may render twice (StrictMode) and must say the same both times. */
export function hasSessionEnded(): boolean {
  return hasEnded;
}

export function clearSessionEnded(): void {
  hasEnded = false;
}
