// The add/update form's schema: the contract's product fields, with the four URLs swapped for files. The form always
// has a location text (choosing a place writes its name), so it asks for the spec's required Location; the place chosen
// goes beside it as placeId. Offers (docs/product.md#offers): on or off, and the lowest one taken as text, read only
// while offers are on.
import { messages, OfferFloor, ProductFields } from '@olden/contracts';
import { IMAGE_MAX_BYTES, IMAGE_MAX_MEGABYTES, IMAGE_MIME_TYPES, IMAGE_TYPE_NAMES } from '@olden/contracts/constants';
import { z } from 'zod';
import { todayIso } from '@/lib/format';

export const IMAGE_FIELDS = ['image1', 'image2', 'image3', 'image4'] as const;
export type ImageField = (typeof IMAGE_FIELDS)[number];
export const imageLabel = (field: ImageField) => `Image ${field.slice(-1)}`;

/** Client-side check for one picked file; the server checks the content again. */
export function imageFileProblem(label: string, value: unknown): string | undefined {
  if (!(value instanceof File)) return messages.required(label);
  if (value.type && !IMAGE_MIME_TYPES.includes(value.type)) return `${label} must be a ${IMAGE_TYPE_NAMES} image`;
  if (value.size > IMAGE_MAX_BYTES) return `${label} is larger than ${IMAGE_MAX_MEGABYTES} MB`;
  if (value.size === 0) return `${label} is an empty file`;
  return undefined;
}

const imageFile = (label: string) =>
  z.custom<File | null>().superRefine((value, ctx) => {
    const problem = imageFileProblem(label, value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const OFFER_FLOOR_ABOVE_PRICE = 'The lowest offer must not be above the price';

export const ProductFormSchema = z
  .object(ProductFields)
  .omit({ image1: true, image2: true, image3: true, image4: true })
  .extend({
    image1: imageFile(imageLabel('image1')),
    image2: imageFile(imageLabel('image2')),
    image3: imageFile(imageLabel('image3')),
    image4: imageFile(imageLabel('image4')),
    acceptOffers: z.boolean(),
    /** Empty: half the price (the server's default). */
    offerFloor: z.string(),
  })
  .superRefine((values, ctx) => {
    if (!values.acceptOffers) return;
    const floor = OfferFloor.safeParse(values.offerFloor);
    if (!floor.success) {
      ctx.addIssue({ code: 'custom', path: ['offerFloor'], message: floor.error.issues[0]?.message ?? 'Enter an amount' });
    } else if (floor.data !== null && typeof values.price === 'number' && floor.data > values.price) {
      ctx.addIssue({ code: 'custom', path: ['offerFloor'], message: OFFER_FLOOR_ABOVE_PRICE });
    }
  });

export type ProductFormInput = z.input<typeof ProductFormSchema>;
export type ProductFormOutput = z.output<typeof ProductFormSchema>;
export type ProductFieldName = keyof ProductFormInput;

/** A new listing's form: nothing filled in but today's date. */
export function emptyProductForm(): ProductFormInput {
  return {
    image1: null,
    image2: null,
    image3: null,
    image4: null,
    name: '',
    age: '',
    date: todayIso(),
    category: '' as ProductFormInput['category'],
    price: '',
    uploaderPhone: '',
    uploaderLocation: '',
    shortDescription: '',
    longDescription: '',
    acceptOffers: true,
    offerFloor: '',
  };
}

/** The floor typed, as the server takes it: a number, or null for the default (half the price). */
export const readOfferFloor = (text: string): number | null => OfferFloor.parse(text);

