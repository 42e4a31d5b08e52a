// docs/product.md#verify-email: the reminder every page shows a signed-in user whose address is not proven yet.
// Part of the first load, so zod-free: copy from the constants entry, the fetcher without a schema. It does not
// repeat the address: the avatar menu shows it, and one address on screen is easier to find than two.
import { ACCOUNT_MESSAGES } from '@olden/contracts/constants';
import { useState } from 'react';
import { CloseIcon, MailIcon } from '@/components/icons';
import { errorMessage } from '@/lib/api-client';
import { useSendVerification } from '../api/send-verification';

export function VerifyEmailBanner() {
  const resend = useSendVerification();
  // Hidden until the next page load: the reminder comes back until the address is verified.
  const [isDismissed, setDismissed] = useState(false);
  if (isDismissed) return null;

  const feedback = resend.isSuccess
    ? resend.data?.message || ACCOUNT_MESSAGES.verificationSent
    : resend.isError
      ? errorMessage(resend.error)
      : null;

  return (
    <section aria-label="Verify your email" className="border-b border-warning/40 bg-warning/15">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1.5 px-4 py-2 text-sm">
        <MailIcon className="hidden size-5 shrink-0 sm:block" />
        <p className="min-w-0 flex-1 basis-56">
          Please verify your email address: open the link we sent you when you registered.
        </p>
        <div className="flex items-center gap-1">
          <button
            type="button"
            className="btn btn-xs btn-outline"
            onClick={() => resend.mutate()}
            disabled={resend.isPending}
          >
            {resend.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Resend link
          </button>
          <button type="button" className="btn btn-ghost btn-xs btn-square" aria-label="Dismiss" onClick={() => setDismissed(true)}>
            <CloseIcon className="size-4" />
          </button>
        </div>
        {/* sr-only while empty; w-full would override its 1px width and stick out sideways. */}
        <p role="status" className={feedback ? `w-full text-xs ${resend.isError ? 'text-error' : ''}` : 'sr-only'}>
          {feedback}
        </p>
      </div>
    </section>
  );
}
