import { useCallback } from 'react';
import { showError, showSuccess } from '@/lib/popups';
import { useAuth } from '../components/auth-context';

/**
 * Log Out as every menu does it (docs/product.md#notifications): the spec's popups, 'Logout Successfully'
 * or, when the call fails, its error popup text 'Your work has been saved'.
 */
export function useLogOut(): () => Promise<void> {
  const { logOut } = useAuth();
  return useCallback(async () => {
    try {
      await logOut();
      void showSuccess('Logout Successfully');
    } catch {
      void showError('Your work has been saved');
    }
  }, [logOut]);
}
