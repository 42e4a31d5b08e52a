import { z } from 'zod';
import { Email, PARAM_MAX, requiredText } from './common.ts';
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
  name: requiredText('Name', 100, messages.register.nameRequired),
  photoURL: requiredText('photoURL', 2048, messages.register.photoURLRequired).refine(isSafeImageUrl, messages.urlInvalid),
});
export type CreateUserBody = z.input<typeof CreateUserBody>;

export const EmailParams = z.object({ email: z.string().max(PARAM_MAX) });
export const AdminStatusResponse = z.object({ admin: z.boolean() });
