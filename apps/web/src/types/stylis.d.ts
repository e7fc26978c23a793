// stylis ships no type declarations; emotion only needs its prefixer to be a stylis plugin, and
// stylis-plugin-rtl's declarations refer to stylis' Middleware type.
declare module 'stylis' {
  import type { StylisPlugin } from '@emotion/cache';
  export type Middleware = StylisPlugin;
  export const prefixer: StylisPlugin;
}
