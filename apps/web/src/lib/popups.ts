// SweetAlert2 popups; the library is imported on first use so it never weighs on first load.
import type { SweetAlertIcon } from 'sweetalert2';

export const POPUP_MS = 1500;

async function loadSwal() {
  const { default: Swal } = await import('sweetalert2');
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
