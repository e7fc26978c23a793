import { type ReactNode, useState } from 'react';
import { useNearViewport } from '../../lib/near-viewport';

/**
 * A rounded logo or avatar in plain markup (MUI's rounded Avatar, signed-in.css): the image is requested
 * only when it comes near the viewport, and `children` (an initial or an icon) show until it has loaded
 * or when it fails. Decorative: the text beside it names what it stands for.
 */
export function PlainAvatar({
  src,
  size,
  fontSize = size / 2,
  tone = 'neutral',
  bold = false,
  children,
}: {
  src?: string | null | undefined;
  /** Width and height in px. */
  size: number;
  /** The initial's size in px: half the avatar's unless given. */
  fontSize?: number;
  /** The background: MUI's default grey, or the theme's primary or secondary colour. */
  tone?: 'primary' | 'secondary' | 'neutral';
  /** The initial in bold; otherwise in the weight of the text around it. */
  bold?: boolean;
  children?: ReactNode;
}) {
  const [element, setElement] = useState<HTMLSpanElement | null>(null);
  const near = useNearViewport(src ? element : null);
  const [failed, setFailed] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
  const shown = near && src && failed !== src ? src : null;
  return (
    <span
      ref={setElement}
      aria-hidden="true"
      className={`pl-avatar pl-avatar--${tone}${bold ? ' pl-avatar--bold' : ''}`}
      style={{ width: size, height: size, fontSize }}
    >
      {shown ? (
        <img
          src={shown}
          alt=""
          decoding="async"
          onLoad={() => setLoaded(shown)}
          onError={() => setFailed(shown)}
          hidden={loaded !== shown}
        />
      ) : null}
      {loaded === shown && shown ? null : children}
    </span>
  );
}
