// The entry. Its stylesheet (Vazirmatn's @font-face rules) stays in the HTML; the app's code (start.tsx,
// preloaded by the HTML: vite.config.ts) runs once the browser has shown the page. A prerendered page is
// drawn by the HTML itself, and a cached app evaluated first would hold that paint back by its whole
// evaluation on a slow phone (issue 13). A hidden page has no paint to wait for, and a browser that never
// reports one waits no longer than a moment.
import '@fontsource-variable/vazirmatn';

const longestWaitMs = 300;

function afterFirstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden' || typeof PerformanceObserver === 'undefined') {
      resolve();
      return;
    }
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, longestWaitMs);
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      done();
    }
  });
}

void afterFirstContentfulPaint().then(() => import('./start'));
