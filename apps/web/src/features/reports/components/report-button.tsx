import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, type ReportReason, type ReportTargetType } from '@olden/contracts/constants';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { FormAlert } from '@/components/form-field';
import { errorMessage, hasCode } from '@/lib/api-client';
import { showSuccess } from '@/lib/popups';
import { useCreateReport } from '../api/create-report';
import { REASON_LABELS } from './reason-labels';

interface Props {
  targetType: ReportTargetType;
  /** The target's id; for a seller named on their listing's page, `sellerOf` (the listing) instead. */
  targetId?: string;
  sellerOf?: string;
  /** What is reported, for the dialog's title and the button's accessible name: "this listing", "Sam Seller". */
  label: string;
  /** The button's look: a small text link beside a name or a message, or an outlined button. */
  variant?: 'link' | 'button';
}

const WHAT: Record<ReportTargetType, string> = { listing: 'listing', user: 'member', message: 'message', review: 'review' };

/**
 * docs/product.md#reports-and-moderation: "Report" opens a dialog with a reason picker and an optional note; sending
 * it asks nothing more (the dialog is the confirmation) and says the report was received.
 */
export function ReportButton({ targetType, targetId, sellerOf, label, variant = 'link' }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const reasonName = useId();
  const noteId = useId();
  const [isOpen, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useCreateReport();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  const close = () => {
    setOpen(false);
    setFormError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setFormError('Choose a reason');
      return;
    }
    setFormError(null);
    try {
      await mutation.mutateAsync({ targetType, ...(targetId ? { targetId } : {}), ...(sellerOf ? { sellerOf } : {}), reason, ...(note.trim() ? { note: note.trim() } : {}) });
      setReason('');
      setNote('');
      close();
      void showSuccess('Thank you: your report was sent', 'A moderator will look at it. You can follow it in My Reports.');
    } catch (err) {
      if (hasCode(err, 'ALREADY_REPORTED')) setFormError('You have already reported this. A moderator will look at it; see My Reports.');
      else if (hasCode(err, 'OWN_TARGET')) setFormError('You cannot report yourself or your own things.');
      else setFormError(errorMessage(err));
    }
  };

  return (
    <>
      <button
        type="button"
        className={variant === 'link' ? 'btn btn-link btn-xs h-auto min-h-0 p-0 text-current' : 'btn btn-outline btn-sm'}
        onClick={() => setOpen(true)}
        aria-label={`Report ${label}`}
        aria-haspopup="dialog"
      >
        Report
      </button>
      {/* In a portal: the button sits inside text (a <p>), where a dialog's blocks may not go. */}
      {createPortal(
      <dialog ref={dialogRef} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} onClose={close}>
        <div className="modal-box text-base-content">
          <h2 id={titleId} className="font-serif text-2xl font-bold">Report this {WHAT[targetType]}</h2>
          <p className="mt-1 text-sm text-base-content/80">
            Tell the moderators what is wrong with {label}. The other member is not told who reported them.
          </p>
          {isOpen && (
            <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-5 space-y-4">
              <FormAlert message={formError} />
              <fieldset>
                <legend className="mb-2 font-medium">Reason</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {REPORT_REASONS.map((r) => (
                    <label key={r} className="flex cursor-pointer items-center gap-2">
                      <input type="radio" className="radio radio-sm" name={reasonName} value={r} checked={reason === r} onChange={() => setReason(r)} />
                      <span>{REASON_LABELS[r]}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <div>
                <label htmlFor={noteId} className="mb-1 block font-medium">
                  Note <span className="font-normal text-base-content/70">(optional)</span>
                </label>
                <textarea id={noteId} rows={3} className="textarea w-full" maxLength={REPORT_NOTE_MAX_LENGTH} value={note} onChange={(e) => setNote(e.target.value)} placeholder="What happened?" />
              </div>
              <div className="modal-action">
                <button type="button" className="btn btn-ghost" onClick={close}>Cancel</button>
                <button type="submit" className="btn btn-error" disabled={mutation.isPending}>
                  {mutation.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                  Send report
                </button>
              </div>
            </form>
          )}
        </div>
        <form method="dialog" className="modal-backdrop">
          <button type="submit" aria-label="Close" tabIndex={-1}>close</button>
        </form>
      </dialog>,
      document.body,
      )}
    </>
  );
}
