import { toastConfig } from '@shipdeck/shared/constants';
import { type ExternalToast, toast as sonnerToast } from 'sonner';

/** Sonner with the spec's per-kind durations (success 3 s, error 5 s, others 4 s). */
export const toast = {
  success: (message: string, options?: ExternalToast) =>
    sonnerToast.success(message, { duration: toastConfig.successDurationMs, ...options }),
  error: (message: string, options?: ExternalToast) =>
    sonnerToast.error(message, { duration: toastConfig.errorDurationMs, ...options }),
  info: (message: string, options?: ExternalToast) =>
    sonnerToast.info(message, { duration: toastConfig.defaultDurationMs, ...options }),
};
