import { useAdminStatus } from '../api/get-admin-status';
import { useAuth } from '../components/auth-context';

/** Admin is the server's answer (spec); the session's flag stands in until it arrives. */
export function useIsAdmin(): boolean {
  const { user, loading } = useAuth();
  const status = useAdminStatus(user?.email, Boolean(user) && !loading);
  return status.data?.admin ?? user?.admin ?? false;
}
