import { type ReactNode, useId, useState } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Marks the label with an asterisk (for sighted readers; the control itself says it is required). */
  required?: boolean;
  /** Keeps the hint on screen while the field shows an error (a live word count is still useful then). */
  keepHint?: boolean;
  /** The error is also listed in a form-level alert, so it is linked to the control but not announced twice. */
  isErrorListedElsewhere?: boolean;
  /** Renders the control; gets the ids it must use for label and error wiring. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, control and its error message (announced, linked with aria-describedby). */
export function Field({ label, error, hint, required, keepHint, isErrorListedElsewhere, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const isHintShown = Boolean(hint) && (!error || keepHint);
  const describedBy = [error ? errorId : null, isHintShown ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required && (
          <>
            {' '}
            <span className="text-error" aria-hidden="true">*</span>
          </>
        )}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {isHintShown && <p id={hintId} className="text-xs text-base-content/70">{hint}</p>}
      {error && (
        <p id={errorId} role={isErrorListedElsewhere ? undefined : 'alert'} className="text-sm text-error">{error}</p>
      )}
    </div>
  );
}

type InputProps = React.InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> };

/** A password input with a show/hide toggle. */
export function PasswordInput({ className = '', ...props }: InputProps) {
  const [isVisible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input {...props} type={isVisible ? 'text' : 'password'} className={`input w-full pr-12 ${className}`} />
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-square absolute right-1 top-1/2 -translate-y-1/2"
        aria-label={isVisible ? 'Hide password' : 'Show password'}
        aria-pressed={isVisible}
        onClick={() => setVisible((v) => !v)}
      >
        {isVisible ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
      </button>
    </div>
  );
}

export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="alert alert-error alert-soft text-sm">
      <span>{message}</span>
    </div>
  );
}
