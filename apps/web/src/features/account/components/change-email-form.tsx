import { useState } from 'react';
import { FormAlert, PasswordInput } from '@/components/form-field';
import { errorMessage, hasCode } from '@/lib/api-client';
import { changeEmail } from '../api/change-email';

/** docs/product.md#change-email: a link to the new address; nothing changes until it is opened. */
export function ChangeEmailForm() {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    setBusy(true);
    try {
      setDone((await changeEmail({ newEmail, password })).message);
      setPassword('');
    } catch (err) {
      setError(hasCode(err, 'WRONG_PASSWORD') ? 'Your password is not correct' : errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-label="Change email">
      <FormAlert message={error} />
      <p role="status" className={done ? 'alert alert-success alert-soft text-sm' : 'sr-only'}>{done}</p>
      <div className="space-y-1">
        <label htmlFor="new-email" className="mb-1 block text-sm font-medium">New email</label>
        <input id="new-email" type="email" autoComplete="email" required className="input w-full" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />
      </div>
      <div className="space-y-1">
        <label htmlFor="change-email-password" className="mb-1 block text-sm font-medium">Your password</label>
        <PasswordInput id="change-email-password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Send confirmation link
      </button>
    </form>
  );
}
