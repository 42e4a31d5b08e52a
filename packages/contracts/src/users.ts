import { z } from 'zod';
import { displayName, Email, imageUrlInput, PARAM_MAX } from './common.ts';
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
  photoURL: imageUrlInput('photoURL', messages.urlInvalid, messages.register.photoURLRequired),
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
