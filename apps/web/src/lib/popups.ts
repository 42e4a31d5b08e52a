// The web app's one popup system, SweetAlert2: the spec's centred popups, confirmation dialogs and toasts. The library
// is imported on first use so it never weighs on first load. Its stylesheet is a CSS file bundled with that chunk
// (linked, so the CSP needs no 'unsafe-inline'): the package's default entry would inject it as a <style> element.
import type { SweetAlertIcon } from 'sweetalert2';
import type SwalType from 'sweetalert2';

export const POPUP_MS = 1500;

async function loadSwal(): Promise<typeof SwalType> {
  const [{ default: Swal }] = await Promise.all([import('sweetalert2/dist/sweetalert2.esm.js'), import('sweetalert2/dist/sweetalert2.css')]);
  return Swal;
}

// Titles carry user data (product and user names): always titleText, never title, which SweetAlert2 parses as HTML.
/** The spec's success/error popups: centred, 1500 ms, no button. */
export async function showPopup(title: string, icon: SweetAlertIcon = 'success', text?: string): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({ position: 'center', icon, titleText: title, text, showConfirmButton: false, timer: POPUP_MS });
}

export const showSuccess = (title: string, text?: string) => showPopup(title, 'success', text);
export const showError = (title: string, text?: string) => showPopup(title, 'error', text);

/** The spec's confirmation dialogs, e.g. confirmAction('Are you sure?', "You won't be able to revert this!", 'Yes, delete it!'). */
export async function confirmAction(title: string, text: string, confirmButtonText: string): Promise<boolean> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    titleText: title,
    text,
    icon: 'warning',
    showCancelButton: true,
    confirmButtonColor: '#7a3e12',
    cancelButtonColor: '#b91c1c',
    confirmButtonText,
  });
  return result.isConfirmed;
}

export type ToastType = 'blank' | 'error' | 'success' | 'loading' | 'custom';

/** The spec's toast durations per type (ms); a loading toast stays until the next popup replaces it. */
export const TOAST_MS: Record<ToastType, number | undefined> = { blank: 4000, error: 4000, success: 2000, loading: undefined, custom: 4000 };
const TOAST_ICON: Partial<Record<ToastType, SweetAlertIcon>> = { error: 'error', success: 'success' };

/**
 * The spec's toasts: top-right, at most 350 px wide, paused while the pointer is over them. SweetAlert2 shows one
 * popup at a time, so a toast replaces the one before it (the spec's "at most 20 kept" is at most one here).
 */
export async function showToast(message: string, type: ToastType = 'blank'): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({
    toast: true,
    position: 'top-end',
    width: 350,
    titleText: message,
    icon: TOAST_ICON[type],
    showConfirmButton: false,
    timer: TOAST_MS[type],
    didOpen: (popup) => {
      if (type === 'loading') Swal.showLoading();
      popup.addEventListener('mouseenter', () => Swal.stopTimer());
      popup.addEventListener('mouseleave', () => Swal.resumeTimer());
    },
  });
}
