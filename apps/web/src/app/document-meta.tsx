import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { appConfig } from '../lib/app-config';
import { i18n } from '../lib/i18n';
import { stripLocale } from '../lib/locale-path';
import { useLanguageState } from './language-state';
import { pageTitleKey } from './page-titles';

function setMeta(name: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.append(element);
  }
  element.content = content;
}

/** A page's document title: its own name, then the product's ("Members | Workspace Manager"). */
export function documentTitle(pageTitle: string, appTitle: string): string {
  return `${pageTitle}${appConfig.titleSeparator}${appTitle}`;
}

/** Keeps the page's own title and the description, keywords and application-name meta tags in the active language. */
export function DocumentMeta() {
  const { language, loaded } = useLanguageState();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!language || !loaded) return;
    const t = (key: string) => i18n.t(key);
    document.title = documentTitle(t(pageTitleKey(stripLocale(pathname))), t(appConfig.title));
  }, [language, loaded, pathname]);
  useEffect(() => {
    if (!language || !loaded) return;
    const t = (key: string) => i18n.t(key);
    setMeta('description', t(appConfig.description));
    setMeta('keywords', t(appConfig.keywords));
    setMeta('application-name', t(appConfig.name));
  }, [language, loaded]);
  return null;
}
