import type { Id, ToastOptions, UpdateOptions } from 'react-toastify';

// Toasts from outside React go through here so the API client, features and tests share one surface.
// Each toast's moment is kept so a page or step change can dismiss the toasts of the step before
// (a toast does not outlive its step).
//
// react-toastify loads with the first toast, not with the page (a public page shows none until
// something goes wrong). Until it is in and its container has mounted, calls wait in order; each toast
// gets its id here, so callers get it at once as before. (Without a container react-toastify queues a
// toast but drops an update to it: a "Uploading…" toast would never turn into "Uploaded", and a toast
// would take the container's first position, not the one a dialog asks for.)

type Toastify = typeof import('react-toastify');

let toastify: Toastify | undefined;
let loading: Promise<Toastify> | undefined;
const waiting: Array<(library: Toastify) => void> = [];
/** Toasts raised while the library loads: they are active already for `isActive`. */
const pendingIds = new Set<Id>();
const wantedListeners = new Set<() => void>();
let nextId = 0;

let containerMounted = false;

/** Runs the waiting calls once the library is in and the container has mounted. */
function flush(): void {
  if (!toastify || !containerMounted) return;
  for (const run of waiting.splice(0)) run(toastify);
  pendingIds.clear();
}

function load(): Promise<Toastify> {
  if (!loading) {
    loading = import('react-toastify').then((library) => {
      toastify = library;
      flush();
      return library;
    });
    for (const listener of wantedListeners) listener();
  }
  return loading;
}

/** Called by the toast container (src/app/toasts.tsx) once mounted: the waiting toasts go out. */
export function toastContainerMounted(): void {
  containerMounted = true;
  flush();
}

const ready = (): boolean => toastify !== undefined && containerMounted;

function withToastify(run: (library: Toastify) => void): void {
  if (ready() && toastify) run(toastify);
  else {
    waiting.push(run);
    void load();
  }
}

/** True once a toast was raised: the toast container (src/app/toasts.tsx) mounts from then on. */
export const toastsWanted = (): boolean => loading !== undefined;

/** Calls `listener` when the first toast is raised; answers the unsubscribe. */
export function onToastsWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

const raisedAt = new Map<Id, number>();

type Kind = 'error' | 'success' | 'info' | 'warning' | 'loading' | 'show';

function tracked(kind: Kind) {
  return (message: string, options?: ToastOptions): Id => {
    const id = options?.toastId ?? `toast-${++nextId}`;
    const withId = { ...options, toastId: id };
    if (!ready()) pendingIds.add(id);
    withToastify(({ toast }) => {
      if (kind === 'show') toast(message, withId);
      else toast[kind](message, withId);
    });
    raisedAt.set(id, Date.now());
    return id;
  };
}

function dismiss(id?: Id): void {
  if (ready()) toastify?.toast.dismiss(id);
  else if (waiting.length > 0) {
    if (id === undefined) pendingIds.clear();
    else pendingIds.delete(id);
    waiting.push(({ toast }) => toast.dismiss(id));
  }
}

/**
 * A toast raised this long before a page or step change still belongs to the new one: the handler
 * that moves on often reports its own success ("You joined Initech") just before it does.
 */
export const toastGraceMs = 750;

export const notify = {
  error: tracked('error'),
  success: tracked('success'),
  info: tracked('info'),
  warning: tracked('warning'),
  loading: tracked('loading'),
  show: tracked('show'),
  update: <T = unknown>(id: Id, options?: UpdateOptions<T>): void =>
    withToastify(({ toast }) => toast.update(id, options)),
  dismiss,
  isActive: (id: Id): boolean => (ready() && toastify ? toastify.toast.isActive(id) : pendingIds.has(id)),
  /** Dismisses the toasts raised before `moment` minus the grace: those of a step that is over. */
  dismissRaisedBefore(moment: number = Date.now()): void {
    for (const [id, at] of raisedAt) {
      if (at >= moment - toastGraceMs) continue;
      raisedAt.delete(id);
      dismiss(id);
    }
  },
};
