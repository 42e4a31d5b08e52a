// Same rule as imageSrcSet in @olden/contracts, kept zod-free because it runs on the landing page's first
// load (importing the contracts package pulls in every zod schema). image-srcset.test.ts keeps the two in step.
const STORED_IMAGE = /^\/api\/images\/[a-f0-9]{32}-(320|640|1280)\.webp$/;
const WIDTHS = [320, 640, 1280] as const;

/** srcset for an image the API stored (its 320/640/1280 widths); undefined for any other URL. */
export function imageSrcSet(url: string): string | undefined {
  if (!STORED_IMAGE.test(url)) return undefined;
  return WIDTHS.map((w) => `${url.replace(/-(320|640|1280)\.webp$/, `-${w}.webp`)} ${w}w`).join(', ');
}
