import { type ReactNode, useId, useState } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Renders the control; gets the ids it must use for label and error wiring. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, control and its error message (announced, linked with aria-describedby). */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && !error && <p id={hintId} className="text-xs text-base-content/70">{hint}</p>}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-error">{error}</p>
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
