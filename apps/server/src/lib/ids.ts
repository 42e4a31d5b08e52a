import { randomBytes } from 'node:crypto';
import { ID_PATTERN } from '@olden/contracts';

/** Time-ordered 32-hex ids (48-bit milliseconds + 80 random bits): new rows land at the end of the index. */
export function newId(): string {
  return Date.now().toString(16).padStart(12, '0') + randomBytes(10).toString('hex');
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}
