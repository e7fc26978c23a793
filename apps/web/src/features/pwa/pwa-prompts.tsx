import { Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { lazyThemed } from '../../app/lazy-themed';
import { appConfig } from '../../lib/app-config';
import { onNavigation } from '../../lib/navigation';
import { hasAuthCookies } from '../../lib/storage';
import { detectPlatform, isStandalone, markInstallSuggested, shouldOfferInstall } from './install-policy';
import { activateAndReload, clearCaches, onWaitingWorker, waitingWorker } from './sw-registration';
import { acceptUpdate, decideUpdate, declineUpdate, readUpdateState, recordVersion } from './update-policy';

// Drawn with MUI, loaded only when one shows: most visits show neither.
const UpdateDialog = lazyThemed(async () => (await import('./update-dialog')).UpdateDialog);
const InstallPrompt = lazyThemed(async () => (await import('./install-prompt')).InstallPrompt);

/** How often a running app asks the server for its version again. */
export const versionCheckIntervalMs = 30 * 60_000;

/** The `beforeinstallprompt` event (Chromium on Android); not in the DOM typings. */
interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The web-app version the server serves (any page, logged in or not); null without an answer. */
async function serverVersion(): Promise<string | null> {
  if (appConfig.apiMock) return null;
  try {
    // Loaded apart, after the first screen: a background check it need not wait for.
    const { fetchAppVersion } = await import('./version-api');
    return await fetchAppVersion();
  } catch {
    return null; // a background check: no answer means no prompt
  }
}

function useUpdatePrompt(reload?: () => void) {
  const [open, setOpen] = useState(false);
  const [version, setVersion] = useState<string | null>(null);

  const check = useCallback(async () => {
    const reported = await serverVersion();
    const decision = decideUpdate({
      serverVersion: reported,
      workerWaiting: waitingWorker() !== null,
      state: readUpdateState(),
      now: Date.now(),
    });
    if (decision === 'record') recordVersion(reported);
    setVersion(reported);
    if (decision === 'prompt') setOpen(true);
  }, []);

  useEffect(() => {
    void check();
    const timer = setInterval(() => void check(), versionCheckIntervalMs);
    const unsubscribe = onWaitingWorker(() => void check());
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, [check]);

  const onYes = useCallback(() => {
    setOpen(false);
    acceptUpdate(version);
    void clearCaches().finally(() => activateAndReload(reload));
  }, [version, reload]);

  const onNo = useCallback(() => {
    setOpen(false);
    declineUpdate(version ?? readUpdateState().storedVersion);
  }, [version]);

  return { open, onYes, onNo };
}

function useInstallPrompt() {
  const [platform] = useState(() => detectPlatform(navigator.userAgent, navigator.maxTouchPoints));
  const [offer, setOffer] = useState(
    () => platform === 'ios' && shouldOfferInstall(platform, isStandalone()),
  );
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    if (platform !== 'android') return;
    const onBeforeInstall = (event: Event) => {
      event.preventDefault(); // the app shows its own prompt, once
      if (!shouldOfferInstall(platform, isStandalone())) return;
      setDeferred(event as BeforeInstallPromptEvent);
      setOffer(true);
    };
    const onInstalled = () => {
      markInstallSuggested();
      setOffer(false);
    };
    window.addEventListener('beforeinstallprompt', onBeforeInstall);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onBeforeInstall);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, [platform]);

  const close = useCallback(() => {
    markInstallSuggested();
    setOffer(false);
  }, []);

  const install = useCallback(() => {
    const event = deferred;
    close();
    if (event) void event.prompt().catch(() => undefined);
  }, [deferred, close]);

  return { platform, offer, install, close };
}

/** The install prompt and the update dialog, mounted once beside the router (`reload` is for tests). */
export function PwaPrompts({ reload }: { reload?: () => void }) {
  const update = useUpdatePrompt(reload);
  const install = useInstallPrompt();
  // Offered once signed in: on a first visit iOS's sheet covered the login's button. Read again at
  // each navigation, which a login ends with.
  const signedIn = useSyncExternalStore(onNavigation, hasAuthCookies, () => false);
  // Once shown, the dialog stays mounted so it can play its closing transition.
  const [updateShown, setUpdateShown] = useState(false);
  if (update.open && !updateShown) setUpdateShown(true);
  const { platform } = install;
  return (
    <Suspense fallback={null}>
      {updateShown && <UpdateDialog open={update.open} onYes={update.onYes} onNo={update.onNo} />}
      {install.offer && signedIn && platform !== 'other' && !update.open && (
        <InstallPrompt platform={platform} onInstall={install.install} onClose={install.close} />
      )}
    </Suspense>
  );
}
