// The four product photos on their way up: one upload per photo with progress, and a photo that already made it
// is not sent again when the save is retried.
import { useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useUploadImage } from '../api/upload-image';
import { IMAGE_FIELDS, type ImageField, imageLabel } from '../lib/product-form-schema';

export type UploadStatus = 'idle' | 'uploading' | 'done' | 'error';
export interface UploadState {
  status: UploadStatus;
  progress: number;
  error?: string;
}

const idleUpload: UploadState = { status: 'idle', progress: 0 };
const idleUploads = (): Record<ImageField, UploadState> => ({
  image1: idleUpload,
  image2: idleUpload,
  image3: idleUpload,
  image4: idleUpload,
});

/** Every photo's URL, or one line per photo that could not be uploaded (nothing is saved then). */
export type PhotoUploadResult = { urls: Record<ImageField, string>; failed?: undefined } | { failed: string[] };

export function useProductPhotoUploads() {
  const [uploads, setUploads] = useState(idleUploads);
  const uploaded = useRef(new Map<File, string>());
  const upload = useUploadImage();

  const setUpload = (field: ImageField, state: UploadState) => setUploads((prev) => ({ ...prev, [field]: state }));

  const uploadOne = async (field: ImageField, file: File): Promise<string> => {
    const known = uploaded.current.get(file);
    if (known) {
      setUpload(field, { status: 'done', progress: 100 });
      return known;
    }
    setUpload(field, { status: 'uploading', progress: 0 });
    try {
      const reply = await upload.mutateAsync({
        file,
        onProgress: (progress) => setUpload(field, { status: 'uploading', progress }),
      });
      uploaded.current.set(file, reply.data.display_url);
      setUpload(field, { status: 'done', progress: 100 });
      return reply.data.display_url;
    } catch (err) {
      const reason = errorMessage(err);
      setUpload(field, { status: 'error', progress: 0, error: `${imageLabel(field)} (${file.name}) was not uploaded: ${reason}` });
      throw err;
    }
  };

  /** Uploads all four at once and waits for every one, so the message can name each photo that failed. */
  const uploadAll = async (files: Record<ImageField, File>): Promise<PhotoUploadResult> => {
    const results = await Promise.allSettled(IMAGE_FIELDS.map((field) => uploadOne(field, files[field])));
    const failed = results.flatMap((result, i) => {
      const field = IMAGE_FIELDS[i]!;
      return result.status === 'rejected' ? [`${imageLabel(field)} (${files[field].name}): ${errorMessage(result.reason)}`] : [];
    });
    if (failed.length > 0) return { failed };
    const urls = results.map((r) => (r.status === 'fulfilled' ? r.value : ''));
    return { urls: { image1: urls[0]!, image2: urls[1]!, image3: urls[2]!, image4: urls[3]! } };
  };

  return {
    uploads,
    uploadAll,
    /** A new file was picked for this slot: forget its last upload state. */
    clear: (field: ImageField) => setUpload(field, idleUpload),
    reset: () => {
      uploaded.current.clear();
      setUploads(idleUploads());
    },
  };
}
