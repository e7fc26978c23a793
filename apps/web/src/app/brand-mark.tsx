import { useId } from 'react';

/** The product mark (same drawing as public/favicon.svg). Decorative: callers give the accessible name. */
export function BrandMark({ size = 32 }: { size?: number }) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3b82f6" />
          <stop offset="1" stopColor="#1d4ed8" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradient})`} />
      <rect x="14" y="14" width="15" height="15" rx="4" fill="#fff" />
      <rect x="35" y="14" width="15" height="15" rx="4" fill="#fff" opacity=".7" />
      <rect x="14" y="35" width="15" height="15" rx="4" fill="#fff" opacity=".7" />
      <rect x="35" y="35" width="15" height="15" rx="4" fill="#fff" />
    </svg>
  );
}
