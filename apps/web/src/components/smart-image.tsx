import { imageSrcSet } from '@olden/contracts/constants';
import type { ImgHTMLAttributes } from 'react';

interface SmartImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> {
  src: string;
  width: number;
  height: number;
  /** Layout width hint for the browser's pick among the API's 320/640/1280 variants. */
  sizes?: string;
}

/** An <img> with the API's width variants in srcset and fixed dimensions (no layout shift). */
export function SmartImage({ src, width, height, sizes, alt = '', loading = 'lazy', ...rest }: SmartImageProps) {
  const srcSet = imageSrcSet(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw') : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={loading}
      decoding="async"
      {...rest}
    />
  );
}
