// The add and update product form: fields with the spec's messages, word-count hints, four photos
// uploaded with progress, and the save only when every photo made it.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATEGORY_KEYS,
  type CreateProductBody,
  countWords,
  LONG_DESCRIPTION_HINT_WORDS,
  SHORT_DESCRIPTION_HINT_WORDS,
} from '@olden/contracts';
import { type ReactNode, useId, useRef, useState } from 'react';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useUploadImage } from '../api/upload-image';
import { errorMessage, isApiError } from '@/lib/api-client';
import {
  IMAGE_FIELDS,
  type ImageField,
  imageLabel,
  type ProductFieldName,
  type ProductFormInput,
  type ProductFormOutput,
  ProductFormSchema,
} from '@/features/products/lib/product-form-schema';
import { ImagePicker, type UploadState } from './image-picker';

export type ProductSaveBody = CreateProductBody;

interface ProductFormProps {
  defaultValues: ProductFormInput;
  /** Current photo URLs (update form); all four must still be chosen again. */
  currentImages?: Partial<Record<ImageField, string>>;
  submitLabel: string;
  /** Saves the product; throw to keep the form as it is. Return true to clear the form. */
  onSave: (body: ProductSaveBody) => Promise<boolean>;
  uploader: { name: string; email: string };
}

const idleUpload: UploadState = { status: 'idle', progress: 0 };
const idleUploads = (): Record<ImageField, UploadState> => ({
  image1: idleUpload,
  image2: idleUpload,
  image3: idleUpload,
  image4: idleUpload,
});

const FIELD_NAMES = new Set<string>([
  ...IMAGE_FIELDS,
  'name',
  'age',
  'date',
  'category',
  'shortDescription',
  'longDescription',
  'price',
  'uploaderPhone',
  'uploaderLocation',
]);

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label} <span className="text-error" aria-hidden="true">*</span>
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-base-content/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

function WordHint({ text, target }: { text: string | undefined; target: number }) {
  const count = countWords(text ?? '');
  return (
    <span className="flex justify-between gap-2">
      <span>Hint: about {target} words.</span>
      <span className={`tabular-nums ${count > target ? 'text-warning-content font-semibold' : ''}`} aria-live="polite">
        {count} / {target} words
      </span>
    </span>
  );
}

export function ProductForm({ defaultValues, currentImages, submitLabel, onSave, uploader }: ProductFormProps) {
  const uid = useId();
  const fid = (name: string) => `${uid}-${name}`;
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormInput, unknown, ProductFormOutput>({
    resolver: zodResolver(ProductFormSchema),
    defaultValues,
  });
  const [shortDescription, longDescription] = useWatch({ control, name: ['shortDescription', 'longDescription'] });
  const [uploads, setUploads] = useState(idleUploads);
  const [formError, setFormError] = useState<{ title: string; items: string[] } | null>(null);
  const [generation, setGeneration] = useState(0);
  // A photo that already made it is not sent again when the save is retried.
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

  const onSubmit = async (values: ProductFormOutput) => {
    setFormError(null);
    const files = IMAGE_FIELDS.map((field) => [field, values[field] as File] as const);
    const results = await Promise.allSettled(files.map(([field, file]) => uploadOne(field, file)));
    const failed = results.flatMap((result, i) => {
      const [field, file] = files[i]!;
      return result.status === 'rejected' ? [`${imageLabel(field)} (${file.name}): ${errorMessage(result.reason)}`] : [];
    });
    if (failed.length > 0) {
      setFormError({
        title: `Nothing was saved: ${failed.length === 1 ? 'one photo' : `${failed.length} photos`} could not be uploaded.`,
        items: failed,
      });
      return;
    }
    const urls = results.map((r) => (r.status === 'fulfilled' ? r.value : ''));
    const body: ProductSaveBody = {
      name: values.name,
      age: values.age,
      date: values.date,
      category: values.category,
      shortDescription: values.shortDescription,
      longDescription: values.longDescription,
      price: values.price,
      uploaderPhone: values.uploaderPhone,
      uploaderLocation: values.uploaderLocation,
      image1: urls[0]!,
      image2: urls[1]!,
      image3: urls[2]!,
      image4: urls[3]!,
    };
    try {
      const shouldClear = await onSave(body);
      if (shouldClear) {
        reset(defaultValues);
        uploaded.current.clear();
        setUploads(idleUploads());
        setGeneration((g) => g + 1);
      }
    } catch (err) {
      const fieldErrors = isApiError(err) ? err.details.filter((d) => FIELD_NAMES.has(d.path)) : [];
      for (const detail of fieldErrors) {
        setError(detail.path as FieldPath<ProductFormInput>, { type: 'server', message: detail.message });
      }
      setFormError({ title: 'Nothing was saved.', items: [errorMessage(err)] });
    }
  };

  const describedBy = (name: ProductFieldName, hasHint = false) =>
    [errors[name] ? `${fid(name)}-error` : null, hasHint ? `${fid(name)}-hint` : null].filter(Boolean).join(' ') || undefined;
  const inputProps = (name: ProductFieldName, hasHint = false) => ({
    id: fid(name),
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': describedBy(name, hasHint),
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-8" aria-busy={isSubmitting}>
      {formError && (
        <div role="alert" className="alert alert-error alert-soft flex-col items-start">
          <p className="font-semibold">{formError.title}</p>
          <ul className="list-inside list-disc text-sm">
            {formError.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      )}

      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="mb-3 text-lg font-semibold">Photos</legend>
        <p className="-mt-2 text-sm text-base-content/70">
          Four photos are required: JPEG, PNG, WebP, AVIF or GIF, up to 10 MB each. The first one is the cover.
        </p>
        <div className="grid grid-cols-1 gap-4 min-[360px]:grid-cols-2 md:grid-cols-4">
          {IMAGE_FIELDS.map((field) => (
            <ImagePicker
              key={`${field}-${generation}`}
              id={fid(field)}
              label={imageLabel(field)}
              currentUrl={currentImages?.[field]}
              upload={uploads[field]}
              error={errors[field]?.message}
              disabled={isSubmitting}
              onChange={(file) => {
                setUpload(field, idleUpload);
                setValue(field, file, { shouldValidate: true, shouldDirty: true });
              }}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className="grid min-w-0 grid-cols-1 gap-4 md:grid-cols-2">
        <legend className="mb-3 text-lg font-semibold">About the item</legend>
        <div className="md:col-span-2">
          <Field id={fid('name')} label="Product Name" error={errors.name?.message}>
            <input {...register('name')} {...inputProps('name')} className="input w-full" autoComplete="off" />
          </Field>
        </div>
        <Field id={fid('category')} label="Category" error={errors.category?.message}>
          <select {...register('category')} {...inputProps('category')} className="select w-full">
            <option value="" disabled>
              select a value
            </option>
            {CATEGORY_KEYS.map((key) => (
              <option key={key} value={key}>
                {key}
              </option>
            ))}
          </select>
        </Field>
        <Field id={fid('price')} label="Price ($)" error={errors.price?.message}>
          <input {...register('price')} {...inputProps('price')} className="input w-full" inputMode="decimal" placeholder="120.50" />
        </Field>
        <Field id={fid('age')} label="Age (months of use)" error={errors.age?.message}>
          <input {...register('age')} {...inputProps('age')} type="number" min={0} step={1} className="input w-full" />
        </Field>
        <Field id={fid('date')} label="Date" error={errors.date?.message}>
          <input {...register('date')} {...inputProps('date')} type="date" className="input w-full" />
        </Field>
      </fieldset>

      <fieldset className="grid min-w-0 grid-cols-1 gap-4 md:grid-cols-2">
        <legend className="mb-3 text-lg font-semibold">Where buyers reach you</legend>
        <p className="-mt-2 text-sm text-base-content/70 md:col-span-2">
          Listed as <strong>{uploader.name}</strong> ({uploader.email}).
        </p>
        <Field id={fid('uploaderPhone')} label="Phone Number" error={errors.uploaderPhone?.message}>
          <input {...register('uploaderPhone')} {...inputProps('uploaderPhone')} type="tel" autoComplete="tel" className="input w-full" />
        </Field>
        <Field id={fid('uploaderLocation')} label="Location" error={errors.uploaderLocation?.message}>
          <input
            {...register('uploaderLocation')}
            {...inputProps('uploaderLocation')}
            autoComplete="address-level2"
            className="input w-full"
          />
        </Field>
      </fieldset>

      <fieldset className="grid min-w-0 grid-cols-1 gap-4">
        <legend className="mb-3 text-lg font-semibold">Descriptions</legend>
        <Field
          id={fid('shortDescription')}
          label="Short Description"
          error={errors.shortDescription?.message}
          hint={<WordHint text={shortDescription} target={SHORT_DESCRIPTION_HINT_WORDS} />}
        >
          <textarea {...register('shortDescription')} {...inputProps('shortDescription', true)} rows={2} className="textarea w-full" />
        </Field>
        <Field
          id={fid('longDescription')}
          label="Long Description"
          error={errors.longDescription?.message}
          hint={<WordHint text={longDescription} target={LONG_DESCRIPTION_HINT_WORDS} />}
        >
          <textarea {...register('longDescription')} {...inputProps('longDescription', true)} rows={8} className="textarea w-full" />
        </Field>
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-primary min-w-40" disabled={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {isSubmitting ? 'Saving…' : submitLabel}
        </button>
        {isSubmitting && <span className="text-sm text-base-content/70">Uploading photos and saving. Please keep this page open.</span>}
      </div>
    </form>
  );
}
