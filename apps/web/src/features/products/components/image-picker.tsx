// One of the four product photo slots: file picker, preview, upload progress and its error. The browser's own file
// button is hidden (its cut file name, `Choose File i...g`, said nothing): the slot shows the photo and a short name.
import { IMAGE_ACCEPT } from '@olden/contracts/constants';
import { useEffect, useRef, useState } from 'react';
import { Field } from '@/components/form-field';
import { thumbnailUrl } from '@/components/thumbnail';
import type { UploadState } from '../hooks/use-product-photo-uploads';
import { shortFileName } from '../lib/short-file-name';

interface ImagePickerProps {
  label: string;
  /** The form field it fills: lets the form focus the first invalid field in page order. */
  name: string;
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

export function ImagePicker({ label, name, currentUrl, upload, error, disabled, onChange }: ImagePickerProps) {
  const [preview, setPreview] = useState<{ url: string | null; name: string } | null>(null);
  const previewRef = useRef<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const openPicker = () => {
    if (!disabled) inputRef.current?.click();
  };

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
          {/* A click on the slot opens the picker too (mouse and touch); keyboards reach the input below. */}
          <div
            onClick={openPicker}
            className={`relative flex aspect-[4/3] cursor-pointer items-center justify-center overflow-hidden rounded-box border-2 border-dashed bg-base-200 ${
              invalid ? 'border-error' : 'border-base-300'
            }`}
          >
            {shown ? (
              <img src={shown} alt={`${label} preview`} className="size-full object-cover" />
            ) : (
              <span className="px-3 text-center text-sm text-base-content">No photo yet</span>
            )}
            {!preview && currentUrl && <span className="badge badge-neutral badge-sm absolute left-2 top-2">Current photo</span>}
            {upload.status === 'done' && <span className="badge badge-success badge-sm absolute right-2 top-2">Uploaded</span>}
          </div>
          <input
            ref={inputRef}
            id={id}
            name={name}
            type="file"
            accept={IMAGE_ACCEPT}
            className="peer sr-only"
            aria-invalid={invalid}
            aria-describedby={[describedBy, `${id}-status`].filter(Boolean).join(' ')}
            disabled={disabled}
            onChange={handleChange}
          />
          {/* What the hidden input looks like; it shows the input's keyboard focus. */}
          <span
            aria-hidden="true"
            onClick={openPicker}
            className={`btn btn-sm btn-outline w-full peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent ${
              invalid ? 'btn-error' : ''
            } ${disabled ? 'btn-disabled' : ''}`}
          >
            {shown ? 'Change photo' : 'Choose photo'}
          </span>
          <div id={`${id}-status`} aria-live="polite" className="min-h-5 text-xs">
            {upload.status === 'uploading' && (
              <div className="flex items-center gap-2">
                <progress className="progress progress-primary w-full" value={upload.progress} max={100} aria-label={`${label} upload progress`} />
                <span className="tabular-nums">{upload.progress}%</span>
              </div>
            )}
            {preview && upload.status === 'idle' && (
              <span className="block truncate text-base-content/80" title={preview.name}>
                {shortFileName(preview.name)}
              </span>
            )}
          </div>
        </>
      )}
    </Field>
  );
}
