import { useState } from 'react';
import { errorMessage } from './api-client';

/**
 * A setting saved as soon as it is changed (the profile's mail switch and digest choice): the value shows the choice
 * while it is saved, then the server's answer until the caller's copy catches up; a failed save goes back to it and
 * says why. `save` answers the value the server stored.
 */
export function useSavedSetting<T>(current: T, save: (next: T) => Promise<T>) {
  const [pending, setPending] = useState<T | null>(null);
  const [saved, setSaved] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);

  const change = async (next: T) => {
    setPending(next);
    setError(null);
    try {
      setSaved(await save(next));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(null);
    }
  };

  return { value: pending ?? saved ?? current, error, change };
}
