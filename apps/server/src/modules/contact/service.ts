import type { AppContext } from '../../lib/context.ts';

// Placeholder: the contact module is being built (issue 3).
export function createContactService(_ctx: AppContext) {
  return {};
}
export type ContactService = ReturnType<typeof createContactService>;
