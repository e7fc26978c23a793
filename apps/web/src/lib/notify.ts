import { type Id, type ToastOptions, toast } from 'react-toastify';

// Toasts from outside React go through here so the API client, features and tests share one surface.
// Each toast's moment is kept so a page or step change can dismiss the toasts of the step before
// (ARCHITECTURE.md section 6: a toast does not outlive its step).

const raisedAt = new Map<Id, number>();

function tracked(show: (message: string, options?: ToastOptions) => Id) {
  return (message: string, options?: ToastOptions): Id => {
    const id = show(message, options);
    raisedAt.set(id, Date.now());
    return id;
  };
}

/**
 * A toast raised this long before a page or step change still belongs to the new one: the handler
 * that moves on often reports its own success ("You joined Initech") just before it does.
 */
export const toastGraceMs = 750;

export const notify = {
  error: tracked(toast.error),
  success: tracked(toast.success),
  info: tracked(toast.info),
  warning: tracked(toast.warning),
  loading: tracked(toast.loading),
  show: tracked((message, options) => toast(message, options)),
  update: toast.update,
  dismiss: toast.dismiss,
  isActive: toast.isActive,
  /** Dismisses the toasts raised before `moment` minus the grace: those of a step that is over. */
  dismissRaisedBefore(moment: number = Date.now()): void {
    for (const [id, at] of raisedAt) {
      if (at >= moment - toastGraceMs) continue;
      raisedAt.delete(id);
      toast.dismiss(id);
    }
  },
};
