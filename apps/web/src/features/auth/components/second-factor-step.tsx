// docs/product.md#two-step-sign-in: the login's second step, a code from the app or one recovery code.
import { useState } from 'react';
import { FormAlert } from '@/components/form-field';
import { errorMessage, hasCode } from '@/lib/api-client';
import { loginSecondFactor } from '../api/login-second-factor';
import { useAuth } from './auth-context';

export function SecondFactorStep({ challenge, onSuccess, onRestart }: { challenge: string; onSuccess: () => void; onRestart: () => void }) {
  const { signInWith } = useAuth();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await signInWith(async () => (await loginSecondFactor(useRecovery ? { challenge, recoveryCode: value } : { challenge, code: value })).user);
      onSuccess();
    } catch (err) {
      setError(hasCode(err, 'INVALID_CODE') ? 'This code is not correct, or was already used. Try the next one.' : errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const label = useRecovery ? 'Recovery code' : 'Code from your authenticator app';
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-label="Two-step sign-in">
      <FormAlert message={error} />
      <p className="text-sm">Your password was right. This account asks for a second step.</p>
      <div className="space-y-1">
        <label htmlFor="second-factor" className="mb-1 block text-sm font-medium">{label}</label>
        <input
          id="second-factor"
          className="input w-full"
          autoComplete="one-time-code"
          inputMode={useRecovery ? 'text' : 'numeric'}
          autoFocus
          required
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={useRecovery ? 'XXXX-XXXX-XXXX-XXXX' : '123456'}
        />
      </div>
      <button type="submit" className="btn btn-primary w-full" disabled={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Verify
      </button>
      <div className="flex justify-between text-sm">
        <button type="button" className="link link-primary" onClick={() => { setUseRecovery(!useRecovery); setValue(''); setError(null); }}>
          {useRecovery ? 'Use a code from the app' : 'Use a recovery code'}
        </button>
        <button type="button" className="link" onClick={onRestart}>Start again</button>
      </div>
    </form>
  );
}
