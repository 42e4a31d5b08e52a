// One of the four product photo slots: file picker, preview, upload progress and its error.
import { IMAGE_ACCEPT } from '@olden/contracts/constants';
import { useEffect, useRef, useState } from 'react';
import { Field } from '@/components/form-field';
import { thumbnailUrl } from '@/components/thumbnail';
import type { UploadState } from '../hooks/use-product-photo-uploads';

interface ImagePickerProps {
  label: string;
  /** The listing's current photo (update form), shown until a new file is picked. */
  currentUrl?: string;
  upload: UploadState;
  error?: string;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}

function canPreview() {
  return typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function';
}

export function ImagePicker({ label, currentUrl, upload, error, disabled, onChange }: ImagePickerProps) {
  const [preview, setPreview] = useState<{ url: string | null; name: string } | null>(null);
  const previewRef = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  const handleChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = file && canPreview() ? URL.createObjectURL(file) : null;
    setPreview(file ? { url: previewRef.current, name: file.name } : null);
    onChange(file);
  };

  const shown = preview?.url ?? (currentUrl ? thumbnailUrl(currentUrl) : null);
  const message = upload.status === 'error' ? upload.error : error;

  return (
    <Field label={label} required error={message} isErrorListedElsewhere={upload.status === 'error'}>
      {({ id, describedBy, invalid }) => (
        <>
          <div
            className={`relative flex aspect-[4/3] items-center justify-center overflow-hidden rounded-box border-2 border-dashed bg-base-200 ${
              invalid ? 'border-error' : 'border-base-300'
            }`}
          >
            {shown ? (
              <img src={shown} alt={`${label} preview`} className="size-full object-cover" />
            ) : (
              <span className="px-3 text-center text-xs text-base-content/60">No photo yet</span>
            )}
            {!preview && currentUrl && <span className="badge badge-neutral badge-sm absolute left-2 top-2">Current photo</span>}
            {upload.status === 'done' && <span className="badge badge-success badge-sm absolute right-2 top-2">Uploaded</span>}
          </div>
          <input
            id={id}
            type="file"
            accept={IMAGE_ACCEPT}
            className={`file-input file-input-sm w-full ${invalid ? 'file-input-error' : ''}`}
            aria-invalid={invalid}
            aria-describedby={[describedBy, `${id}-status`].filter(Boolean).join(' ')}
            disabled={disabled}
            onChange={handleChange}
          />
          <div id={`${id}-status`} aria-live="polite" className="min-h-5 text-xs">
            {upload.status === 'uploading' && (
              <div className="flex items-center gap-2">
                <progress className="progress progress-primary w-full" value={upload.progress} max={100} aria-label={`${label} upload progress`} />
                <span className="tabular-nums">{upload.progress}%</span>
              </div>
            )}
            {preview && upload.status === 'idle' && <span className="block truncate text-base-content/60">{preview.name}</span>}
          </div>
        </>
      )}
    </Field>
  );
}
