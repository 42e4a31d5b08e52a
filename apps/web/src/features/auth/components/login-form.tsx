import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBody } from '@olden/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { Field, FormAlert, PasswordInput } from '@/components/form-field';
import { paths } from '@/config/paths';
import { errorMessage, hasCode } from '@/lib/api-client';
import { TwoFactorNeeded, useAuth } from './auth-context';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { SecondFactorStep } from './second-factor-step';
import { GoogleSignInButton } from './google-sign-in-button';

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { signIn } = useAuth();
  const location = useLocation();
  const [formError, setFormError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({ resolver: zodResolver(LoginBody), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signIn(values);
      onSuccess();
    } catch (err) {
      if (err instanceof TwoFactorNeeded) {
        setChallenge(err.challenge);
        return;
      }
      setFormError(hasCode(err, 'INVALID_CREDENTIALS') ? 'Invalid email or password' : errorMessage(err));
    }
  });

  if (challenge) return <SecondFactorStep challenge={challenge} onSuccess={onSuccess} onRestart={() => setChallenge(null)} />;

  return (
    <div className="space-y-5">
      <form onSubmit={onSubmit} className="space-y-4" aria-label="Login">
        <FormAlert message={formError} />
        <Field label="Email" error={errors.email?.message}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="email"
              autoComplete="email"
              required
              className="input w-full"
              placeholder="you@example.com"
              aria-invalid={invalid}
              aria-describedby={describedBy}
              {...register('email')}
            />
          )}
        </Field>
        <Field label="Password" error={errors.password?.message}>
          {({ id, describedBy, invalid }) => (
            <PasswordInput
              id={id}
              autoComplete="current-password"
              required
              placeholder="Your password"
              aria-invalid={invalid}
              aria-describedby={describedBy}
              {...register('password')}
            />
          )}
        </Field>
        <p className="-mt-2 text-right text-sm">
          <Link to={paths.forgotPassword.getHref()} className="link link-primary">Forgot password?</Link>
        </p>
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Login
        </button>
      </form>
      <div className="divider text-sm text-base-content/70">or</div>
      <GoogleSignInButton onSignedIn={onSuccess} onError={setFormError} />
      <PasskeySignInButton onSignedIn={onSuccess} onError={setFormError} />
      <p className="text-center text-sm">
        New to Olden Goods?{' '}
        <Link to={paths.register.getHref()} state={location.state} className="link link-primary font-medium">Register</Link>
      </p>
    </div>
  );
}
