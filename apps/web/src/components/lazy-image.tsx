import Avatar, { type AvatarProps } from '@mui/material/Avatar';
import { useState } from 'react';
import { useNearViewport } from '../lib/near-viewport';

export interface LazyAvatarProps extends Omit<AvatarProps, 'src'> {
  /** The image address; the avatar shows its fallback (children or initials) until it is near. */
  src?: string | null | undefined;
}

/** An avatar or logo for lists: the image is requested only when it scrolls near the viewport. */
export function LazyAvatar({ src, ...props }: LazyAvatarProps) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const near = useNearViewport(src ? element : null);
  return (
    <Avatar
      ref={setElement}
      src={near && src ? src : undefined}
      slotProps={{ img: { decoding: 'async' } }}
      {...props}
    />
  );
}
