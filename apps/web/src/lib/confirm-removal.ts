// The dashboard's remove flow (delete a listing, cancel or hand over a buy request, ban a user), written once.
import type { RefObject } from 'react';
import { errorMessage } from './api-client';
import { confirmAction, showError, showSuccess } from './popups';

interface Removal {
  /** The confirmation dialog: title, text and the confirm button's label. */
  confirm: [title: string, text: string, confirmButton: string];
  remove: () => Promise<{ deletedCount: number }>;
  /** The success popup, shown only when something was removed. */
  success: [title: string, text?: string];
  failureTitle: string;
  /** The removed row had the focus: hand it to something that stays (the page heading). */
  focusAfter?: RefObject<HTMLElement | null>;
}

/** Confirm, remove, say so; a failure is shown with the server's reason. */
export async function confirmRemoval({ confirm, remove, success, failureTitle, focusAfter }: Removal): Promise<void> {
  if (!(await confirmAction(...confirm))) return;
  try {
    const result = await remove();
    if (result.deletedCount > 0) void showSuccess(...success);
    focusAfter?.current?.focus();
  } catch (err) {
    void showError(failureTitle, errorMessage(err));
  }
}
