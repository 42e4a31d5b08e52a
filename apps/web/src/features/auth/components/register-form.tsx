import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterBody } from '@olden/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { Field, FormAlert, PasswordInput } from '@/components/form-field';
import { paths } from '@/config/paths';
import { errorMessage, hasCode } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/server-field-errors';
import { useAuth } from './auth-context';

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const { createUser } = useAuth();
  const location = useLocation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterBody>({
    resolver: zodResolver(RegisterBody),
    defaultValues: { name: '', photoURL: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await createUser(values);
      onSuccess();
    } catch (err) {
      // Field errors from the server go next to their field; anything else above the form.
      for (const { field, message } of serverFieldErrors(err, ['name', 'photoURL', 'email', 'password'] as const)) {
        setError(field, { message });
      }
      setFormError(
        hasCode(err, 'EMAIL_TAKEN') ? 'An account with this email already exists. Try logging in.' : errorMessage(err),
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Register">
      <FormAlert message={formError} />
      <Field label="Name" error={errors.name?.message}>
        {({ id, describedBy, invalid }) => (
          <input id={id} type="text" autoComplete="name" className="input w-full" placeholder="Your name" aria-invalid={invalid} aria-describedby={describedBy} {...register('name')} />
        )}
      </Field>
      <Field label="Photo URL" error={errors.photoURL?.message}>
        {({ id, describedBy, invalid }) => (
          <input id={id} type="url" autoComplete="photo" className="input w-full" placeholder="https://…" aria-invalid={invalid} aria-describedby={describedBy} {...register('photoURL')} />
        )}
      </Field>
      <Field label="Email" error={errors.email?.message}>
        {({ id, describedBy, invalid }) => (
          <input id={id} type="email" autoComplete="email" className="input w-full" placeholder="you@example.com" aria-invalid={invalid} aria-describedby={describedBy} {...register('email')} />
        )}
      </Field>
      <Field
        label="Password"
        error={errors.password?.message}
        hint="6 to 16 characters, with at least one digit and one of !@#$%^&*"
      >
        {({ id, describedBy, invalid }) => (
          <PasswordInput id={id} autoComplete="new-password" placeholder="Choose a password" aria-invalid={invalid} aria-describedby={describedBy} {...register('password')} />
        )}
      </Field>
      <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Register
      </button>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link to={paths.login.getHref()} state={location.state} className="link link-primary font-medium">Login</Link>
      </p>
    </form>
  );
}
