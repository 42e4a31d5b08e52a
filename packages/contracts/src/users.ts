import { z } from 'zod';
import { displayName, Email, IMAGE_URL_META, PARAM_MAX, requiredText } from './common.ts';
import { isSafeImageUrl } from './stored-images.ts';
import { messages } from './messages.ts';

export const UserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  photoURL: z.string(),
  role: z.enum(['admin', 'user']),
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const CreateUserBody = z.object({
  email: Email,
  name: displayName(messages.register.nameRequired),
  photoURL: requiredText('photoURL', 2048, messages.register.photoURLRequired).refine(isSafeImageUrl, messages.urlInvalid).meta(IMAGE_URL_META),
});
export type CreateUserBody = z.input<typeof CreateUserBody>;

/**
 * PATCH /users/admin/{id}: no body (the spec's Make Admin) or `{admin: true}` promotes, `{admin: false}`
 * demotes. A body must say which: anything else is a 400, never a promotion.
 */
export const AdminRoleBody = z.strictObject({ admin: z.boolean({ error: 'admin must be true or false' }) });
export type AdminRoleBody = z.infer<typeof AdminRoleBody>;

export const EmailParams = z.object({ email: z.string().max(PARAM_MAX) });
export const AdminStatusResponse = z.object({ admin: z.boolean() });
