import { useState } from 'react';
import { FormAlert, PasswordInput } from '@/components/form-field';
import { errorMessage, hasCode } from '@/lib/api-client';
import { deleteAccount } from '../api/delete-account';
import { downloadMyData } from '../api/export-data';

const CONFIRM_WORD = 'DELETE';

/** docs/product.md#download-my-data */
export function DownloadDataButton() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="space-y-2">
      <FormAlert message={error} />
      <button
        type="button"
        className="btn"
        disabled={busy}
        onClick={() => {
          setError(null);
          setBusy(true);
          downloadMyData()
            .catch((err: unknown) => setError(errorMessage(err)))
            .finally(() => setBusy(false));
        }}
      >
        Download my data
      </button>
    </div>
  );
}

/** docs/product.md#delete-my-account: what goes, then the password and a typed confirmation. */
export function DeleteAccountSection({ onDeleted }: { onDeleted: () => void }) {
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="space-y-3"
      aria-label="Delete account"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        setBusy(true);
        deleteAccount(password || undefined)
          .then(onDeleted)
          .catch((err: unknown) =>
            setError(
              hasCode(err, 'WRONG_PASSWORD')
                ? 'Your password is not correct'
                : hasCode(err, 'REAUTH_REQUIRED')
                  ? 'Sign out and in again, then delete within 10 minutes'
                  : errorMessage(err),
            ),
          )
          .finally(() => setBusy(false));
      }}
    >
      <ul className="list-disc pl-5 text-sm">
        <li>Your listings are deleted; buyers who asked for them are told.</li>
        <li>Your open buy requests are cancelled; your photos are released.</li>
        <li>Conversations stay readable for the other person, naming you "Deleted user".</li>
        <li>You are signed out everywhere, and your email can register again. This cannot be undone.</li>
      </ul>
      <FormAlert message={error} />
      <div className="space-y-1">
        <label htmlFor="delete-password" className="mb-1 block text-sm font-medium">Your password (none if you only sign in with Google)</label>
        <PasswordInput id="delete-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      <div className="space-y-1">
        <label htmlFor="delete-confirm" className="mb-1 block text-sm font-medium">Type {CONFIRM_WORD} to confirm</label>
        <input id="delete-confirm" className="input w-full" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-error" disabled={busy || typed !== CONFIRM_WORD}>
        Delete my account
      </button>
    </form>
  );
}
