import { isLocale, type Locale } from '@wsm/contracts';
import { useSyncExternalStore } from 'react';
import { i18n, shellNamespaces } from '../lib/i18n';

// React's view of the i18next instance: which language is active and whether the shell's namespaces
// are loaded for it. The loading overlay stays until this says ready.

function subscribe(onChange: () => void): () => void {
  const events = ['initialized', 'languageChanged', 'loaded', 'failedLoading'] as const;
  for (const event of events) i18n.on(event, onChange);
  return () => {
    for (const event of events) i18n.off(event, onChange);
  };
}

function snapshot(): string {
  if (!i18n.isInitialized) return '';
  return `${i18n.language}|${shellNamespaces.every((ns) => i18n.hasLoadedNamespace(ns)) ? 'ready' : 'loading'}`;
}

export interface LanguageState {
  /** The active language once i18next is initialised. */
  language: Locale | undefined;
  /** True when the active language's shell namespaces are loaded (or gave up loading). */
  loaded: boolean;
}

export function useLanguageState(): LanguageState {
  const value = useSyncExternalStore(subscribe, snapshot, snapshot);
  const [language, state] = value.split('|');
  return { language: isLocale(language) ? language : undefined, loaded: state === 'ready' };
}

/** True once `locale` is the active language with its texts loaded. */
export function useLanguageReady(locale: Locale): boolean {
  const { language, loaded } = useLanguageState();
  return language === locale && loaded;
}
