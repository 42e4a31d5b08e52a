import type { TwoFactorSetupResponse } from '@olden/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert, PasswordInput } from '@/components/form-field';
import { errorMessage } from '@/lib/api-client';
import { disableTwoFactor, enableTwoFactor, getTwoFactorStatus, startTwoFactorSetup, twoFactorKey } from '../api/two-factor';

/** docs/product.md#two-step-sign-in: QR code, first code, recovery codes shown once (copy or download). */
export function TwoFactorSection() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: twoFactorKey, queryFn: getTwoFactorStatus });
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await work();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (status.isPending) return <span className="loading loading-spinner loading-sm" role="status" aria-label="Loading" />;
  if (status.isError) return <FormAlert message={errorMessage(status.error)} />;

  if (codes) {
    const text = codes.join('\n');
    return (
      <div className="space-y-3">
        <p className="alert alert-success alert-soft text-sm" role="status">Two-step sign-in is on. Keep these recovery codes somewhere safe: each works once, and they are shown only now.</p>
        <pre className="rounded-box bg-base-200 p-3 font-mono text-sm" aria-label="Recovery codes">{text}</pre>
        <div className="flex gap-2">
          <button type="button" className="btn btn-sm" onClick={() => void navigator.clipboard?.writeText(text)}>Copy</button>
          <a className="btn btn-sm" download="olden-goods-recovery-codes.txt" href={`data:text/plain;charset=utf-8,${encodeURIComponent(text + '\n')}`}>Download</a>
          <button type="button" className="btn btn-sm btn-primary" onClick={() => setCodes(null)}>I saved them</button>
        </div>
      </div>
    );
  }

  if (status.data.enabled) {
    return (
      <form
        className="space-y-3"
        aria-label="Turn off two-step sign-in"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            await disableTwoFactor(password, code);
            setCode('');
            setPassword('');
            await queryClient.invalidateQueries({ queryKey: twoFactorKey });
          });
        }}
      >
        <p className="text-sm">Two-step sign-in is <strong>on</strong> ({status.data.recoveryCodesLeft} recovery codes left).</p>
        <FormAlert message={error} />
        <label htmlFor="tf-off-password" className="mb-1 block text-sm font-medium">Your password</label>
        <PasswordInput id="tf-off-password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <label htmlFor="tf-off-code" className="mb-1 block text-sm font-medium">Code from your app</label>
        <input id="tf-off-code" className="input w-full" autoComplete="one-time-code" inputMode="numeric" required value={code} onChange={(e) => setCode(e.target.value)} />
        <button type="submit" className="btn" disabled={busy}>Turn off</button>
      </form>
    );
  }

  if (!setup) {
    return (
      <div className="space-y-3">
        <FormAlert message={error} />
        <p className="text-sm">Two-step sign-in is off. With it on, signing in with your password also asks for a code from an authenticator app.</p>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void run(async () => setSetup(await startTwoFactorSetup()))}>
          Set up two-step sign-in
        </button>
      </div>
    );
  }

  return (
    <form
      className="space-y-3"
      aria-label="Turn on two-step sign-in"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          const { recoveryCodes } = await enableTwoFactor(code);
          setCodes(recoveryCodes);
          setSetup(null);
          setCode('');
          await queryClient.invalidateQueries({ queryKey: twoFactorKey });
        });
      }}
    >
      <FormAlert message={error} />
      <p className="text-sm">Scan this QR code with your authenticator app, or type the key in.</p>
      <img src={setup.qrCode} alt="QR code for your authenticator app" width={180} height={180} className="rounded-box bg-white p-2" />
      <p className="text-sm">
        Key: <code className="font-mono" data-testid="totp-secret">{setup.secret}</code>
      </p>
      <label htmlFor="tf-on-code" className="mb-1 block text-sm font-medium">Code from your app</label>
      <input id="tf-on-code" className="input w-full" autoComplete="one-time-code" inputMode="numeric" required value={code} onChange={(e) => setCode(e.target.value)} />
      <button type="submit" className="btn btn-primary" disabled={busy}>Turn on</button>
    </form>
  );
}
