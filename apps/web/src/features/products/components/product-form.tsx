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
import { CATEGORY_LABELS, IMAGE_MAX_MEGABYTES, IMAGE_TYPE_NAMES } from '@olden/contracts/constants';
import { useEffect, useId, useRef, useState } from 'react';
import { type FieldErrors, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { Field } from '@/components/form-field';
import { PlaceCombobox } from '@/components/place-combobox';
import { placeLabel } from '@/lib/places';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useProductPhotoUploads } from '../hooks/use-product-photo-uploads';
import {
  IMAGE_FIELDS,
  type ImageField,
  imageLabel,
  type ProductFormInput,
  type ProductFormOutput,
  ProductFormSchema,
  readOfferFloor,
} from '../lib/product-form-schema';
import { ImagePicker } from './image-picker';

export type ProductSaveBody = CreateProductBody;

interface ProductFormProps {
  defaultValues: ProductFormInput;
  /** Current photo URLs (update form); all four must still be chosen again. */
  currentImages?: Partial<Record<ImageField, string>>;
  submitLabel: string;
  /** Saves the product; throw to keep the form as it is. Return true to clear the form. */
  onSave: (body: ProductSaveBody) => Promise<boolean>;
  uploader: { name: string; email: string };
  /**
   * An update whose read told the offer floor (the seller's own): an emptied field is sent as null, back to the
   * default. Otherwise an empty field is left out, so a floor the form never knew (an admin's edit) is kept.
   */
  isFloorKnown?: boolean;
}

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
  'acceptOffers',
  'offerFloor',
]);

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

/**
 * Offers on or off, and the floor while they are on (turned off, the floor stays as it was for the next time). An
 * empty floor is the default: null where the form knew the floor before, left out where it did not.
 */
function offerFields(values: ProductFormOutput, isFloorKnown: boolean): Pick<ProductSaveBody, 'acceptOffers' | 'offerFloor'> {
  if (!values.acceptOffers) return { acceptOffers: false };
  const offerFloor = readOfferFloor(values.offerFloor);
  return offerFloor === null && !isFloorKnown ? { acceptOffers: true } : { acceptOffers: true, offerFloor };
}

const PHOTOS_HINT = `Four photos are required: ${IMAGE_TYPE_NAMES}, up to ${IMAGE_MAX_MEGABYTES} MB each. The first one is the cover.`;

export function ProductForm({ defaultValues, currentImages, submitLabel, onSave, uploader, isFloorKnown = false }: ProductFormProps) {
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
    // The photos are not registered inputs, so the form's own focus would skip them: see focusFirstInvalid.
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const offersHintId = useId();
  const invalidRef = useRef<FieldErrors<ProductFormInput> | null>(null);
  const rememberInvalid = (invalid: FieldErrors<ProductFormInput>) => {
    invalidRef.current = invalid;
  };
  // Focus the first invalid control in page order (the photos come first), as a person reads the errors; only once
  // the submit is over, since the photo inputs are disabled while it runs.
  useEffect(() => {
    const invalid = invalidRef.current;
    if (isSubmitting || !invalid) return;
    invalidRef.current = null;
    const controls = Array.from(formRef.current?.elements ?? []) as HTMLInputElement[];
    controls.find((control) => control.name && control.name in invalid)?.focus();
  }, [isSubmitting]);
  const [shortDescription, longDescription, location, acceptOffers] = useWatch({
    control,
    name: ['shortDescription', 'longDescription', 'uploaderLocation', 'acceptOffers'],
  });
  // The place chosen from the suggestions, while the text is still the one choosing it wrote.
  const [chosenPlace, setChosenPlace] = useState<{ id: number; text: string } | null>(null);
  const placeId = chosenPlace && chosenPlace.text === location ? chosenPlace.id : undefined;
  const photos = useProductPhotoUploads();
  const [formError, setFormError] = useState<{ title: string; items: string[] } | null>(null);
  const [generation, setGeneration] = useState(0);

  const onSubmit = async (values: ProductFormOutput) => {
    setFormError(null);
    const uploaded = await photos.uploadAll({
      image1: values.image1 as File,
      image2: values.image2 as File,
      image3: values.image3 as File,
      image4: values.image4 as File,
    });
    if (uploaded.failed) {
      const count = uploaded.failed.length;
      setFormError({ title: `Nothing was saved: ${count === 1 ? 'one photo' : `${count} photos`} could not be uploaded.`, items: uploaded.failed });
      return;
    }
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
      // Without a chosen place the server resolves the text itself (docs/product.md#near-me).
      ...(placeId !== undefined ? { placeId } : {}),
      ...offerFields(values, isFloorKnown),
      ...uploaded.urls,
    };
    try {
      const shouldClear = await onSave(body);
      if (shouldClear) {
        reset(defaultValues);
        photos.reset();
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

  const a11y = ({ describedBy, invalid }: { describedBy: string | undefined; invalid: boolean }) => ({
    'aria-invalid': invalid,
    'aria-describedby': describedBy,
  });

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit(onSubmit, rememberInvalid)} className="flex flex-col gap-8" aria-busy={isSubmitting}>
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
        <p className="-mt-2 text-sm text-base-content/70">{PHOTOS_HINT}</p>
        <div className="grid grid-cols-1 gap-4 min-[360px]:grid-cols-2 md:grid-cols-4">
          {IMAGE_FIELDS.map((field) => (
            <ImagePicker
              key={`${field}-${generation}`}
              label={imageLabel(field)}
              name={field}
              currentUrl={currentImages?.[field]}
              upload={photos.uploads[field]}
              error={errors[field]?.message}
              disabled={isSubmitting}
              onChange={(file) => {
                photos.clear(field);
                setValue(field, file, { shouldValidate: true, shouldDirty: true });
              }}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className="grid min-w-0 grid-cols-1 gap-4 md:grid-cols-2">
        <legend className="mb-3 text-lg font-semibold">About the item</legend>
        <div className="md:col-span-2">
          <Field label="Product Name" required error={errors.name?.message}>
            {(ids) => <input id={ids.id} {...register('name')} {...a11y(ids)} className="input w-full" autoComplete="off" />}
          </Field>
        </div>
        <Field label="Category" required error={errors.category?.message}>
          {(ids) => (
            <select id={ids.id} {...register('category')} {...a11y(ids)} className="select w-full">
              <option value="" disabled>
                select a value
              </option>
              {CATEGORY_KEYS.map((key) => (
                <option key={key} value={key}>
                  {CATEGORY_LABELS[key]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Price ($)" required error={errors.price?.message}>
          {(ids) => <input id={ids.id} {...register('price')} {...a11y(ids)} className="input w-full" inputMode="decimal" placeholder="120.50" />}
        </Field>
        <Field label="Age (months of use)" required error={errors.age?.message}>
          {(ids) => <input id={ids.id} {...register('age')} {...a11y(ids)} type="number" min={0} step={1} className="input w-full" />}
        </Field>
        <Field label="Date" required error={errors.date?.message}>
          {(ids) => <input id={ids.id} {...register('date')} {...a11y(ids)} type="date" className="input w-full" />}
        </Field>
      </fieldset>

      <fieldset className="grid min-w-0 grid-cols-1 gap-4 md:grid-cols-2">
        <legend className="mb-3 text-lg font-semibold">Offers</legend>
        <div className="flex flex-col gap-1.5 md:col-span-2">
          <label className="flex w-fit cursor-pointer items-center gap-3">
            <input type="checkbox" role="switch" className="toggle toggle-primary" aria-describedby={offersHintId} {...register('acceptOffers')} />
            <span className="text-sm font-medium">Accept offers</span>
          </label>
          <p id={offersHintId} className="text-xs text-base-content/70">
            Buyers may offer less than the price; you accept, decline or counter each offer.
          </p>
        </div>
        {acceptOffers && (
          <Field
            label="Lowest offer you accept ($)"
            error={errors.offerFloor?.message}
            keepHint
            hint="Optional, and never shown to buyers: lower offers are refused. Empty means half the price."
          >
            {(ids) => (
              <input id={ids.id} {...register('offerFloor')} {...a11y(ids)} className="input w-full" inputMode="decimal" placeholder="Half the price" />
            )}
          </Field>
        )}
      </fieldset>

      <fieldset className="grid min-w-0 grid-cols-1 gap-4 md:grid-cols-2">
        <legend className="mb-3 text-lg font-semibold">Where buyers reach you</legend>
        <p className="-mt-2 text-sm text-base-content/70 md:col-span-2">
          Listed as <strong>{uploader.name}</strong> ({uploader.email}).
        </p>
        <Field label="Phone Number" required error={errors.uploaderPhone?.message}>
          {(ids) => <input id={ids.id} {...register('uploaderPhone')} {...a11y(ids)} type="tel" autoComplete="tel" className="input w-full" />}
        </Field>
        <Field label="Location" required error={errors.uploaderLocation?.message}>
          {(ids) => {
            // Controlled through setValue: the field's text is what the combobox shows (register's own handlers read a
            // DOM event's value, which a chosen place does not come with).
            return (
              <PlaceCombobox
                id={ids.id}
                name="uploaderLocation"
                describedBy={ids.describedBy}
                invalid={ids.invalid}
                value={location ?? ''}
                placeholder="Type a town and choose it"
                onChange={(text) => setValue('uploaderLocation', text, { shouldDirty: true })}
                onSelect={(place) => {
                  const text = placeLabel(place);
                  setChosenPlace({ id: place.id, text });
                  setValue('uploaderLocation', text, { shouldDirty: true, shouldValidate: true });
                }}
              />
            );
          }}
        </Field>
      </fieldset>

      <fieldset className="grid min-w-0 grid-cols-1 gap-4">
        <legend className="mb-3 text-lg font-semibold">Descriptions</legend>
        <Field
          label="Short Description"
          required
          keepHint
          error={errors.shortDescription?.message}
          hint={<WordHint text={shortDescription} target={SHORT_DESCRIPTION_HINT_WORDS} />}
        >
          {(ids) => <textarea id={ids.id} {...register('shortDescription')} {...a11y(ids)} rows={2} className="textarea w-full" />}
        </Field>
        <Field
          label="Long Description"
          required
          keepHint
          error={errors.longDescription?.message}
          hint={<WordHint text={longDescription} target={LONG_DESCRIPTION_HINT_WORDS} />}
        >
          {(ids) => <textarea id={ids.id} {...register('longDescription')} {...a11y(ids)} rows={8} className="textarea w-full" />}
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
