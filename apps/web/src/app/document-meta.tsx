import { useEffect } from 'react';
import { appConfig } from './app-config';
import { i18n } from './i18n';
import { useLanguageState } from './language-state';

function setMeta(name: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.append(element);
  }
  element.content = content;
}

/** Keeps the title ("title | slogan") and the description, keywords and application-name meta tags in the active language. */
export function DocumentMeta() {
  const { language, loaded } = useLanguageState();
  useEffect(() => {
    if (!language || !loaded) return;
    const t = (key: string) => i18n.t(key);
    document.title = `${t(appConfig.title)}${appConfig.titleSeparator}${t(appConfig.slogan)}`;
    setMeta('description', t(appConfig.description));
    setMeta('keywords', t(appConfig.keywords));
    setMeta('application-name', t(appConfig.name));
  }, [language, loaded]);
  return null;
}
