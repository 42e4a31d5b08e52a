// The reset form's schema: the register rules for the new password (same messages), typed twice.
import { Password } from '@olden/contracts';
import { z } from 'zod';

export const PASSWORD_HINT = '6 to 16 characters, with at least one digit and one of !@#$%^&*';
export const PASSWORDS_DIFFER = 'The two passwords are not the same';

export const NewPasswordForm = z
  .object({ password: Password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type NewPasswordForm = z.input<typeof NewPasswordForm>;
