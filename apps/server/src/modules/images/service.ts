import type { AppContext } from '../../lib/context.ts';

// Placeholder: the images module is being built (issue 3).
export function createImagesService(_ctx: AppContext) {
  return {};
}
export type ImagesService = ReturnType<typeof createImagesService>;
