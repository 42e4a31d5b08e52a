import { z } from 'zod';
import { messages } from './messages.ts';
import { CURSOR_MAX_LENGTH, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './paging.ts';
import { currentOwnImageBases, isSafeImageUrl, looksLikeStoredImage, normalisedImageUrl, storedImageForm } from './stored-images.ts';

/** Opaque ids are 32 lowercase hex characters; anything else is a 404 at the route. */
export const ID_PATTERN = /^[a-f0-9]{32}$/;
/** The router's maxParamLength (300) is the only cap, so every malformed id that reaches a route is its 404. */
export const PARAM_MAX = 300;
export const IdParams = z.object({ id: z.string().max(PARAM_MAX) });
export type IdParams = z.infer<typeof IdParams>;

/**
 * What the API document says of a rule a refinement or a transform hides from the generated JSON Schema
 * (zod emits a refine's input, not the check): a generic client reads the rule from these.
 */
export const IMAGE_URL_META = {
  format: 'uri-reference',
  description: 'An https URL without credentials, or a stored image’s URL (/api/images/<id>-<width>.webp).',
} as const;

export const Email = z
  .string({ error: messages.register.emailRequired })
  .trim()
  .min(1, messages.register.emailRequired)
  .max(254, messages.tooLong(254))
  .pipe(z.email({ error: messages.emailInvalid }))
  .transform((e) => e.toLowerCase())
  .meta({ format: 'email' });

/** A required, trimmed text of bounded length with the spec's "This X field is required" message. */
export function requiredText(label: string, max = 200, message = messages.required(label)) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, messages.tooLong(max));
}

/**
 * Control characters (line breaks, tabs, NUL, DEL, the C1 range), the Unicode line and paragraph separators and the
 * bidirectional overrides: none belongs in a name, and in a mail they would start lines or reorder what it says.
 */
const NAME_CONTROL = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** A person's display name (register, profile): the spec's required message, 100 characters, one plain line. */
export function displayName(message = messages.required('Name')) {
  return requiredText('Name', 100, message).refine((name) => !NAME_CONTROL.test(name), messages.nameControl);
}

/** What a body's image URL field answers for another server's http URL of a stored image (it could only be shown as insecure mixed content). */
export const IMAGE_NOT_UPLOADED_HERE = 'This image was not uploaded here';

/**
 * An image URL in a request body (listings, profiles), the one way bodies name images: trimmed, read as a browser
 * parses it (its `href`; with control characters it is left for isSafeImageUrl to refuse), this server's own absolute
 * URL stored in the short form, another server's `http://.../api/images/...` refused, then judged by isSafeImageUrl.
 * The server's addresses are known only while the server parses (withOwnImageBases); in the browser the value is
 * left as typed.
 */
export function imageUrlInput(label: string, invalid: string, required?: string) {
  return requiredText(label, 2048, required)
    .transform((value, ctx) => {
      const bases = currentOwnImageBases();
      if (!bases) return value;
      const stored = storedImageForm(normalisedImageUrl(value), bases);
      if (/^http:\/\//i.test(stored) && looksLikeStoredImage(stored)) {
        ctx.issues.push({ code: 'custom', message: IMAGE_NOT_UPLOADED_HERE, input: value });
      }
      return stored;
    })
    .refine(isSafeImageUrl, invalid)
    .meta(IMAGE_URL_META);
}

export function imageUrl(label: string) {
  return imageUrlInput(label, messages.imageInvalid);
}

export const InsertedResponse = z.object({ acknowledged: z.boolean(), insertedId: z.string().nullable() });
export const ModifiedResponse = z.object({ acknowledged: z.boolean(), modifiedCount: z.number().int() });
export const DeletedResponse = z.object({ acknowledged: z.boolean(), deletedCount: z.number().int() });
export type InsertedResponse = z.infer<typeof InsertedResponse>;
export type ModifiedResponse = z.infer<typeof ModifiedResponse>;
export type DeletedResponse = z.infer<typeof DeletedResponse>;

export const PageQuery = {
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  cursor: z.string().max(CURSOR_MAX_LENGTH).optional(),
};
