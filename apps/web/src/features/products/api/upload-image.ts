// POST /api/images with upload progress: fetch cannot report upload progress, so this one call uses XHR.
import type { ImageUploadResponse } from '@olden/contracts';
import { IMAGE_MESSAGES } from '@olden/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiHeaders, buildUrl, errorFromBody, parseJson, reportAuthFailure } from '@/lib/api-client';

export interface UploadImageInput {
  file: File;
  /** 0 to 100 as bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** An error answer read the api client's way; a bare 413/415 (from a proxy) says what the server would have said. */
function errorFromXhr(xhr: XMLHttpRequest): ApiError {
  const fallback =
    xhr.status === 413 ? IMAGE_MESSAGES.tooLarge
    : xhr.status === 415 ? IMAGE_MESSAGES.unsupported
    : xhr.statusText || `Upload failed (${xhr.status})`;
  return errorFromBody(xhr.status, parseJson(xhr.responseText), { get: (name) => xhr.getResponseHeader(name) }, fallback);
}

/** Uploads one image and resolves with the host-style reply ({success, data: {display_url, variants}}). */
export function uploadImage({ file, onProgress, signal }: UploadImageInput): Promise<ImageUploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('/images'));
    for (const [name, value] of Object.entries(apiHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const data = parseJson(xhr.responseText) as ImageUploadResponse | null;
        if (data?.success && data.data?.display_url) {
          onProgress?.(100);
          resolve(data);
          return;
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
