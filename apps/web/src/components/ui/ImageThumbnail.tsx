import { useState } from 'react';
import { PLACEHOLDER_IMAGE } from '../../lib/format';

export interface ImageThumbnailProps {
  src: string | null | undefined;
  alt: string;
  size?: number;
  round?: boolean;
  className?: string;
}

/** An image that falls back to a placeholder when missing or when it fails to load. */
export function ImageThumbnail({ src, alt, size = 40, round = false, className = '' }: ImageThumbnailProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = src && failedSrc !== src ? src : PLACEHOLDER_IMAGE;
  return (
    <img
      src={shown}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      onError={() => src && setFailedSrc(src)}
      className={`object-cover ${round ? 'rounded-full' : 'rounded-md'} bg-slate-100 ${className}`}
      style={{ width: size, height: size }}
    />
  );
}
