import { useSyncExternalStore } from 'react';
import { onSessionCleared } from '../../lib/session';
import { localKeys, readLocal, removeLocal, writeLocal } from '../../lib/storage';

// The selected workspace and application (localStorage `workspace-id` and `app-id`). localStorage stays the one source (the route guards read it directly); this module adds
// change notification so the app bar, the access hook and the settings re-render on a switch, also when
// another tab switches or logout clears the keys.

type Listener = () => void;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === localKeys.workspaceId || event.key === localKeys.appId)
      listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

// Logout removes the keys through the storage layer; the subscribers still have to hear of it.
onSessionCleared(emit);

/** The selected workspace id, or null. */
export const getSelectedWorkspaceId = (): string | null => readLocal(localKeys.workspaceId);

/** The selected application id, or null. */
export const getSelectedAppId = (): string | null => readLocal(localKeys.appId);

/**
 * Selects a workspace (null clears it). A different workspace clears the application: an app id
 * belongs to one workspace and must not leak into the next.
 */
export function selectWorkspace(id: string | null): void {
  const previous = getSelectedWorkspaceId();
  if (id) writeLocal(localKeys.workspaceId, id);
  else removeLocal(localKeys.workspaceId);
  if (previous !== id) removeLocal(localKeys.appId);
  emit();
}

/** Selects an application of the selected workspace (null clears it). */
export function selectApp(id: string | null): void {
  if (id) writeLocal(localKeys.appId, id);
  else removeLocal(localKeys.appId);
  emit();
}

/** Forgets both (the workspace is gone or the user left it). */
export function clearSelection(): void {
  removeLocal(localKeys.workspaceId);
  removeLocal(localKeys.appId);
  emit();
}

/** The selected workspace id, re-rendering on every change. */
export function useSelectedWorkspaceId(): string | null {
  return useSyncExternalStore(subscribe, getSelectedWorkspaceId, () => null);
}

/** The selected application id, re-rendering on every change. */
export function useSelectedAppId(): string | null {
  return useSyncExternalStore(subscribe, getSelectedAppId, () => null);
}
