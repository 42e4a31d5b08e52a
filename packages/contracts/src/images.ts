import { z } from 'zod';

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

/** Same shape as a public image host's reply, plus the other widths for srcset. */
export const ImageUploadResponse = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.string(),
    display_url: z.string(),
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    variants: z.array(z.object({ width: z.number().int(), url: z.string() })),
  }),
});
export type ImageUploadResponse = z.infer<typeof ImageUploadResponse>;

/** What POST /api/images answers when it refuses a file (the web shows these as they are). */
export const IMAGE_MESSAGES = {
  unsupported: 'Unsupported image type: upload a JPEG, PNG, WebP, AVIF or GIF',
  damaged: 'The image is damaged or incomplete',
  tooManyPixels: `The image is too large: at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`,
  tooLarge: `The image is too large: at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`,
} as const;
