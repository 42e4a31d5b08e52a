import { useEffect, useId, useRef, useState } from 'react';
import { formatPrice } from '@/lib/format';
import { readOfferAmount } from '../lib/offer-amount';

interface Props {
  /** The field's label: "Your offer", "Your counter-offer". */
  label: string;
  submitLabel: string;
  listedPrice: number;
  /** A rule of this amount beyond the listed price (a counter's side of the offer it answers): its message, or undefined. */
  check?: (amount: number) => string | undefined;
  /** Sends the amount; resolves to true when it went through (the caller shows a refusal, which may outlive the form). */
  onSubmit: (amount: number) => Promise<boolean>;
  onCancel: () => void;
}

/**
 * The thread's small amount form (a new offer, a counter-offer): opens on its field, checks the amount as the server
 * does and keeps it to correct after a refusal. Escape or Cancel closes it.
 */
export function OfferAmountForm({ label, submitLabel, listedPrice, check, onSubmit, onCancel }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);

  useEffect(() => input.current?.focus(), []);

  const send = async () => {
    if (isSending) return;
    const read = readOfferAmount(text, listedPrice);
    const readProblem = 'problem' in read ? read.problem : check?.(read.amount);
    if (readProblem || !('amount' in read)) {
      setProblem(readProblem ?? null);
      input.current?.focus();
      return;
    }
    setProblem(null);
    setSending(true);
    const isDone = await onSubmit(read.amount);
    setSending(false);
    if (!isDone) input.current?.focus();
  };

  return (
    <form
      className="mt-3 flex flex-col gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        className="input w-full"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        aria-invalid={Boolean(problem) || undefined}
        aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={hintId} className="text-xs text-base-content">
        Listed price: {formatPrice(listedPrice)}
      </p>
      {problem && (
        <p id={errorId} role="alert" className="text-sm text-error">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={isSending}>
          {isSending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {submitLabel}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
