import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '@/components/form-field';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { listPasskeys, passkeysKey, registerPasskey, removePasskey } from '../api/passkeys';

/** docs/product.md#passkeys: add one from this browser, see them, remove them. */
export function PasskeysSection() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: passkeysKey, queryFn: listPasskeys });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>) => {
    setError(null);
    setBusy(true);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: passkeysKey });
    } catch (err) {
      setError(err instanceof Error && err.name === 'NotAllowedError' ? 'The passkey was not created (cancelled)' : errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3">
      <FormAlert message={error} />
      {list.isPending && <span className="loading loading-spinner loading-sm" role="status" aria-label="Loading" />}
      {list.isError && <FormAlert message={errorMessage(list.error)} />}
      {list.data && list.data.length === 0 && <p className="text-sm">No passkeys yet.</p>}
      {list.data && list.data.length > 0 && (
        <ul className="divide-y divide-base-300" aria-label="Your passkeys">
          {list.data.map((p) => (
            <li key={p._id} className="flex items-center justify-between py-2 text-sm">
              <span>
                <strong>{p.name}</strong> <span className="text-base-content/70">added {formatDate(p.createdAt)}</span>
              </span>
              <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void run(() => removePasskey(p._id))} aria-label={`Remove passkey ${p.name}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        aria-label="Add a passkey"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            await registerPasskey(name.trim() || 'Passkey');
            setName('');
          });
        }}
      >
        <div className="space-y-1">
          <label htmlFor="passkey-name" className="mb-1 block text-sm font-medium">Name (optional)</label>
          <input id="passkey-name" className="input w-full" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} placeholder="My laptop" />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>Add a passkey</button>
      </form>
    </div>
  );
}
