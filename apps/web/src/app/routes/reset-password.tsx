import { useNavigate, useSearchParams } from 'react-router';
import { paths, pageTitle } from '@/config/paths';
import { InvalidLinkAlert, ResetPasswordForm } from '@/features/account/components/reset-password-form';
import { useAuth } from '@/features/auth/components/auth-context';
import { showSuccess } from '@/lib/popups';
import { AuthLayout } from './auth-layout';

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { user, refreshUser } = useAuth();

  const handleSuccess = async (message: string) => {
    // The reset ended every session of the account, this browser's too if it was signed in.
    if (user) await refreshUser().catch(() => undefined);
    void showSuccess(message);
    void navigate(paths.login.getHref(), { replace: true });
  };

  return (
    <AuthLayout title="Choose a new password" subtitle="After this, sign in with the new password on every device.">
      <title>{pageTitle('Reset password')}</title>
      {token ? (
        <ResetPasswordForm token={token} onSuccess={(message) => void handleSuccess(message)} />
      ) : (
        <InvalidLinkAlert message="This link is incomplete: open it again from the mail, or ask for a new one." />
      )}
    </AuthLayout>
  );
}
