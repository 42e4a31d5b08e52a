import { useState } from 'react';
import { UserIcon } from './icons';

/** A round profile photo; a missing or dead URL falls back to the generic icon. */
export function Avatar({ src, size = 48 }: { src: string | undefined; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const isShown = Boolean(src) && failed !== src;
  return (
    <span className="inline-block shrink-0 overflow-hidden rounded-full bg-base-300 ring-2 ring-primary/20" style={{ width: size, height: size }}>
      {isShown ? (
        <img
          src={src}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          className="size-full object-cover"
          referrerPolicy="no-referrer"
          onError={() => setFailed(src ?? null)}
        />
      ) : (
        <UserIcon className="size-full p-[22%] text-base-content/60" />
      )}
    </span>
  );
}
