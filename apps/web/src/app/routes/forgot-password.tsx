import { pageTitle } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/account/components/forgot-password-form';
import { AuthLayout } from './auth-layout';

export function Component() {
  return (
    <AuthLayout title="Forgot password" subtitle="Enter the email of your account and we will send you a link to choose a new password.">
      <title>{pageTitle('Forgot password')}</title>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
