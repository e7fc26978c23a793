import { type Id, type ToastOptions, toast } from 'react-toastify';

// Toasts from outside React go through here so the API client, features and tests share one surface.

export const notify = {
  error: (message: string, options?: ToastOptions): Id => toast.error(message, options),
  success: (message: string, options?: ToastOptions): Id => toast.success(message, options),
  info: (message: string, options?: ToastOptions): Id => toast.info(message, options),
  warning: (message: string, options?: ToastOptions): Id => toast.warning(message, options),
  loading: (message: string, options?: ToastOptions): Id => toast.loading(message, options),
  show: (message: string, options?: ToastOptions): Id => toast(message, options),
  update: toast.update,
  dismiss: toast.dismiss,
  isActive: toast.isActive,
};
