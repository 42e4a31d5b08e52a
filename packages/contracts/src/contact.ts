import { z } from 'zod';
import { Email, requiredText } from './common.ts';
import { Phone } from './products.ts';

export const ContactBody = z.object({
  name: requiredText('Name', 100),
  email: Email,
  subject: requiredText('Subject', 200),
  phone: Phone,
  message: requiredText('Message', 5000),
});
export type ContactBody = z.input<typeof ContactBody>;
