import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordBody } from '@olden/contracts';
import { ACCOUNT_MESSAGES } from '@olden/contracts/constants';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field, FormAlert, PasswordInput } from '@/components/form-field';
import { errorMessage, hasCode } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';
import { serverFieldErrors } from '@/lib/server-field-errors';
import { PASSWORD_HINT } from '../lib/new-password-schema';

/** docs/product.md#dashboard-profile: the current password, then a new one with the register rules. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordBody>({ resolver: zodResolver(ChangePasswordBody), defaultValues: { currentPassword: '', newPassword: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setDone(null);
    try {
      const { message } = await change.mutateAsync(values);
      reset();
      setDone(message || ACCOUNT_MESSAGES.passwordChanged);
    } catch (err) {
      if (hasCode(err, 'WRONG_PASSWORD')) {
        setError('currentPassword', { message: err.message || ACCOUNT_MESSAGES.wrongCurrentPassword }, { shouldFocus: true });
        return;
      }
      const fieldErrors = serverFieldErrors(err, ['currentPassword', 'newPassword'] as const);
      if (hasCode(err, 'COMMON_PASSWORD') && fieldErrors.length === 0) {
        setError('newPassword', { message: err.message || ACCOUNT_MESSAGES.commonPassword }, { shouldFocus: true });
        return;
      }
      for (const { field, message } of fieldErrors) setError(field, { message }, { shouldFocus: true });
      if (fieldErrors.length === 0) setFormError(errorMessage(err));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Change password">
      <FormAlert message={formError} />
      <p role="status" className={done ? 'alert alert-success alert-soft text-sm' : 'sr-only'}>
        {done}
      </p>
      <Field label="Current password" error={errors.currentPassword?.message}>
        {({ id, describedBy, invalid }) => (
          <PasswordInput id={id} autoComplete="current-password" aria-invalid={invalid} aria-describedby={describedBy} {...register('currentPassword')} />
        )}
      </Field>
      <Field label="New password" error={errors.newPassword?.message} hint={PASSWORD_HINT}>
        {({ id, describedBy, invalid }) => (
          <PasswordInput id={id} autoComplete="new-password" aria-invalid={invalid} aria-describedby={describedBy} {...register('newPassword')} />
        )}
      </Field>
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Change password
      </button>
    </form>
  );
}
