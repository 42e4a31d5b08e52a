import { useLocation, useNavigate } from 'react-router';
import { pageTitle } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { redirectTarget } from '@/features/auth/components/redirect-target';
import { SessionEndedNotice } from '@/features/auth/components/session-ended-notice';
import { showSuccess } from '@/lib/popups';
import { AuthLayout } from './auth-layout';

export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const handleSuccess = () => {
    void showSuccess('User Log in Successfully');
    void navigate(redirectTarget(location.state), { replace: true });
  };
  return (
    <AuthLayout title="Login" subtitle="Welcome back! Sign in to buy, sell and manage your goods.">
      <title>{pageTitle('Login')}</title>
      <SessionEndedNotice />
      <LoginForm onSuccess={handleSuccess} />
    </AuthLayout>
  );
}
