import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordResetBody } from '@olden/contracts';
import { ACCOUNT_MESSAGES } from '@olden/contracts/constants';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Field, FormAlert } from '@/components/form-field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/server-field-errors';
import { useRequestPasswordReset } from '../api/request-password-reset';

/** docs/product.md#forgot-password: asks for a reset link; the answer never says whether the account exists. */
export function ForgotPasswordForm() {
  const requestReset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetBody>({ resolver: zodResolver(PasswordResetBody), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await requestReset.mutateAsync(values);
      setSentTo(values.email);
    } catch (err) {
      const [detail] = serverFieldErrors(err, ['email'] as const);
      if (detail) setError('email', { message: detail.message });
      else setFormError(errorMessage(err));
    }
  });

  if (sentTo) {
    return (
      <div className="space-y-4">
        <div role="status" className="alert alert-success alert-soft">
          <span>{ACCOUNT_MESSAGES.resetRequested}</span>
        </div>
        <p className="text-sm text-base-content/70">
          Check the inbox of <span className="font-medium text-base-content">{sentTo}</span>. The link works once and
          expires after 30 minutes. Nothing arrived? Look in the spam folder, or ask again.
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to={paths.login.getHref()} className="btn btn-primary">Back to login</Link>
          <button type="button" className="btn btn-ghost" onClick={() => setSentTo(null)}>Send another link</button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Forgot password">
      <FormAlert message={formError} />
      <Field label="Email" error={errors.email?.message}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="email"
            autoComplete="email"
            className="input w-full"
            placeholder="you@example.com"
            aria-invalid={invalid}
            aria-describedby={describedBy}
            {...register('email')}
          />
        )}
      </Field>
      <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Send reset link
      </button>
      <p className="text-center text-sm">
        Remembered it?{' '}
        <Link to={paths.login.getHref()} className="link link-primary font-medium">Login</Link>
      </p>
    </form>
  );
}
