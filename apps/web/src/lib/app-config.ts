// App configuration. Texts are translation keys of the common namespace,
// so the title, slogan and meta tags follow the language.

export interface AppConfig {
  name: string;
  title: string;
  slogan: string;
  description: string;
  keywords: string;
  /** Routes (without locale; a trailing * covers sub-paths) reachable without login or selection. */
  whitelistRoutes: readonly string[];
  /** Base address of the API; '' = the page's own origin (the API serves the web app). */
  apiBaseUrl: string;
  /** Answer every call from canned data (build flag VITE_API_MOCK=true). */
  apiMock: boolean;
  /** Separator between title and slogan in the document title. */
  titleSeparator: string;
}

export const appConfig: AppConfig = {
  name: 'common:app.name',
  title: 'common:app.title',
  slogan: 'common:app.slogan',
  description: 'common:app.description',
  keywords: 'common:app.keywords',
  whitelistRoutes: [],
  apiBaseUrl: (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, ''),
  apiMock: import.meta.env.VITE_API_MOCK === 'true',
  titleSeparator: ' | ',
};
