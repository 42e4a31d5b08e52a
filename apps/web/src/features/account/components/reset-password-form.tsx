import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGES } from '@olden/contracts/constants';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Field, FormAlert, PasswordInput } from '@/components/form-field';
import { paths } from '@/config/paths';
import { errorMessage, hasCode } from '@/lib/api-client';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { NewPasswordForm, PASSWORD_HINT } from '../lib/new-password-schema';
import { serverFieldErrors } from '@/lib/server-field-errors';

/** A link that cannot work any more: say why and offer a fresh one. */
export function InvalidLinkAlert({ message }: { message: string }) {
  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-2 text-sm sm:flex-row sm:items-center">
      <span>{message}</span>
      <Link to={paths.forgotPassword.getHref()} className="link font-medium">Request a new link</Link>
    </div>
  );
}

/** docs/product.md#reset-password: the new password follows the register rules; success hands the message on. */
export function ResetPasswordForm({ token, onSuccess }: { token: string; onSuccess: (message: string) => void }) {
  const confirm = useConfirmPasswordReset();
  const [formError, setFormError] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordForm>({ resolver: zodResolver(NewPasswordForm), defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    setLinkError(null);
    try {
      const { message } = await confirm.mutateAsync({ token, password });
      onSuccess(message || ACCOUNT_MESSAGES.passwordReset);
    } catch (err) {
      if (hasCode(err, 'INVALID_TOKEN')) {
        setLinkError(err.message || ACCOUNT_MESSAGES.invalidToken);
        return;
      }
      const fieldErrors = serverFieldErrors(err, ['password'] as const);
      if (hasCode(err, 'COMMON_PASSWORD') && fieldErrors.length === 0) {
        setError('password', { message: err.message || ACCOUNT_MESSAGES.commonPassword }, { shouldFocus: true });
        return;
      }
      for (const { field, message } of fieldErrors) setError(field, { message }, { shouldFocus: true });
      // A malformed token shows up as a VALIDATION detail on 'token': the link, not the password, is at fault.
      if (hasCode(err, 'VALIDATION') && err.details.some((d) => d.path === 'token')) setLinkError(ACCOUNT_MESSAGES.invalidToken);
      else if (fieldErrors.length === 0) setFormError(errorMessage(err));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Reset password">
      {linkError && <InvalidLinkAlert message={linkError} />}
      <FormAlert message={formError} />
      <Field label="New password" error={errors.password?.message} hint={PASSWORD_HINT}>
        {({ id, describedBy, invalid }) => (
          <PasswordInput id={id} autoComplete="new-password" placeholder="Choose a new password" aria-invalid={invalid} aria-describedby={describedBy} {...register('password')} />
        )}
      </Field>
      <Field label="Confirm new password" error={errors.confirmPassword?.message}>
        {({ id, describedBy, invalid }) => (
          <PasswordInput id={id} autoComplete="new-password" placeholder="Type it again" aria-invalid={invalid} aria-describedby={describedBy} {...register('confirmPassword')} />
        )}
      </Field>
      <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Set new password
      </button>
    </form>
  );
}
