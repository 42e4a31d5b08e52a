import { useLocation, useNavigate } from 'react-router';
import { pageTitle } from '@/config/paths';
import { redirectTarget } from '@/features/auth/components/redirect-target';
import { RegisterForm } from '@/features/auth/components/register-form';
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
    <AuthLayout title="Register" subtitle="Create your account to list goods and send buy requests.">
      <title>{pageTitle('Register')}</title>
      <RegisterForm onSuccess={handleSuccess} />
    </AuthLayout>
  );
}
