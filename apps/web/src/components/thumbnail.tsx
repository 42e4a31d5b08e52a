import { imageVariantUrl } from '@olden/contracts/constants';

/** Our stored images come in 320/640/1280 widths; a thumbnail only needs the smallest. */
export function thumbnailUrl(src: string): string {
  return imageVariantUrl(src, 320);
}

/** A small thumbnail that never breaks the row when an image URL is dead. */
export function Thumb({ src, alt, size = 64 }: { src: string; alt: string; size?: number }) {
  return (
    <img
      src={thumbnailUrl(src)}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className="shrink-0 rounded-field bg-base-300 object-cover"
      style={{ width: size, height: size }}
      onError={(e) => {
        e.currentTarget.style.visibility = 'hidden';
      }}
    />
  );
}
