import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * A press handler for a button the server painted before the app knew who is signed in (Buy Now, the heart): a press
 * while `settled` is false is held and `act` runs once it turns true (with the state of that moment), instead of
 * acting on a half-known sign-in.
 */
export function useHeldPress(settled: boolean, act: () => void): () => void {
  const [held, setHeld] = useState(false);
  const latest = useRef(act);
  useLayoutEffect(() => {
    latest.current = act;
  });
  useEffect(() => {
    if (!held || !settled) return;
    setHeld(false);
    latest.current();
  }, [held, settled]);
  return () => (settled ? act() : setHeld(true));
}
