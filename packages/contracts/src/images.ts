import { z } from 'zod';

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

