import { zodResolver } from '@hookform/resolvers/zod';
import { type SessionUser, UpdateProfileBody } from '@olden/contracts';
import { IMAGE_ACCEPT } from '@olden/contracts/constants';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Avatar } from '@/components/avatar';
import { Field, FormAlert } from '@/components/form-field';
import { errorMessage } from '@/lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { serverFieldErrors } from '@/lib/server-field-errors';

interface ProfileValues {
  name: string;
  photoURL: string;
}

interface ProfileFormProps {
  defaultValues: ProfileValues;
  onSaved: (user: SessionUser) => void | Promise<void>;
  /** Stores a picked photo and resolves with its URL; without it the form takes URLs only. */
  uploadPhoto?: (file: File) => Promise<string>;
}

/** docs/product.md#dashboard-profile: the spec's profile update (name, photo), with the register rules. */
export function ProfileForm({ defaultValues, onSaved, uploadPhoto }: ProfileFormProps) {
  const update = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const [upload, setUpload] = useState<{ status: 'idle' | 'uploading' } | { status: 'error'; message: string }>({ status: 'idle' });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<UpdateProfileBody>({ resolver: zodResolver(UpdateProfileBody), defaultValues });
  const photoURL = watch('photoURL');

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { user } = await update.mutateAsync(values);
      reset({ name: user.displayName, photoURL: user.photoURL });
      await onSaved(user);
    } catch (err) {
      const fieldErrors = serverFieldErrors(err, ['name', 'photoURL'] as const);
      for (const { field, message } of fieldErrors) setError(field, { message }, { shouldFocus: true });
      if (fieldErrors.length === 0) setFormError(errorMessage(err));
    }
  });

  const handleFile = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !uploadPhoto) return;
    setUpload({ status: 'uploading' });
    try {
      const url = await uploadPhoto(file);
      setValue('photoURL', url, { shouldDirty: true, shouldValidate: true });
      setUpload({ status: 'idle' });
    } catch (err) {
      setUpload({ status: 'error', message: errorMessage(err) });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Profile">
      <FormAlert message={formError} />
      <Field label="Name" error={errors.name?.message}>
        {({ id, describedBy, invalid }) => (
          <input id={id} type="text" autoComplete="name" className="input w-full" aria-invalid={invalid} aria-describedby={describedBy} {...register('name')} />
        )}
      </Field>
      <div className="flex items-start gap-4">
        <div className="pt-7">
          <Avatar src={photoURL || undefined} size={56} />
        </div>
        <div className="min-w-0 flex-1">
          <Field label="Photo URL" error={errors.photoURL?.message} hint="An https:// link to your photo, or upload one below.">
            {({ id, describedBy, invalid }) => (
              <input id={id} type="url" autoComplete="photo" className="input w-full" placeholder="https://…" aria-invalid={invalid} aria-describedby={describedBy} {...register('photoURL')} />
            )}
          </Field>
        </div>
      </div>
      {uploadPhoto && (
        <Field label="Upload a photo" error={upload.status === 'error' ? upload.message : undefined}>
          {({ id, describedBy, invalid }) => (
            <div className="flex items-center gap-2">
              <input
                id={id}
                type="file"
                accept={IMAGE_ACCEPT}
                className="file-input file-input-sm w-full min-w-0"
                aria-invalid={invalid}
                aria-describedby={describedBy}
                disabled={upload.status === 'uploading'}
                onChange={(event) => void handleFile(event)}
              />
              {upload.status === 'uploading' && <span className="loading loading-spinner loading-sm" role="status" aria-label="Uploading photo" />}
            </div>
          )}
        </Field>
      )}
      <button type="submit" className="btn btn-primary" disabled={isSubmitting || upload.status === 'uploading' || !isDirty}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Save profile
      </button>
    </form>
  );
}
