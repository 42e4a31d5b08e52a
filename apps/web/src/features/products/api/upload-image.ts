// POST /api/images with upload progress: fetch cannot report upload progress, so this one call uses XHR.
import type { ImageUploadResponse } from '@olden/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, getStoredToken, reportAuthFailure } from '@/lib/api-client';

export interface UploadImageInput {
  file: File;
  /** 0 to 100 as bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function errorFromXhr(xhr: XMLHttpRequest): ApiError {
  type ErrorReply = { message?: unknown; details?: { path: string; message: string }[] };
  let body: ErrorReply | null = null;
  try {
    body = JSON.parse(xhr.responseText) as ErrorReply | null;
  } catch {
    // A proxy error page or an empty body: fall back to the status.
  }
  const retryAfter = Number(xhr.getResponseHeader('Retry-After')) || undefined;
  if (body && typeof body.message === 'string') return new ApiError(xhr.status, body.message, { details: body.details, retryAfter });
  if (xhr.status === 413) return new ApiError(413, 'The image is too large.');
  if (xhr.status === 415) return new ApiError(415, 'This file type is not supported.');
  return new ApiError(xhr.status, xhr.statusText || `Upload failed (${xhr.status})`, { retryAfter });
}

/** Uploads one image and resolves with the host-style reply ({success, data: {display_url, variants}}). */
export function uploadImage({ file, onProgress, signal }: UploadImageInput): Promise<ImageUploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/images');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getStoredToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const data = JSON.parse(xhr.responseText) as ImageUploadResponse;
          if (data?.success && data.data?.display_url) {
            onProgress?.(100);
            resolve(data);
            return;
          }
        } catch {
          // Falls through to the error below.
        }
        reject(new ApiError(xhr.status, 'The image host did not report success.'));
        return;
      }
      const error = errorFromXhr(xhr);
      reportAuthFailure(error);
      reject(error);
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
