import { toastConfig } from '@shipdeck/shared/constants';
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

type Sonner = typeof SonnerModule;
let sonner: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

/**
 * Sonner is fetched on the first toast, not with the page: most visits never show one. Its
 * <Toaster> replays toasts created before it mounted, so nothing is lost while it loads.
 */
export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    for (const listener of listeners) listener();
  }
  return sonner;
}

export function isSonnerRequested(): boolean {
  return sonner !== undefined;
}

export function onSonnerRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: 'success' | 'error' | 'info', message: string, options: ExternalToast): void {
  void loadSonner().then((module) => module.toast[kind](message, options));
}

/** Sonner with the spec's per-kind durations (success 3 s, error 5 s, others 4 s). */
export const toast = {
  success: (message: string, options?: ExternalToast) =>
    show('success', message, { duration: toastConfig.successDurationMs, ...options }),
  error: (message: string, options?: ExternalToast) =>
    show('error', message, { duration: toastConfig.errorDurationMs, ...options }),
  info: (message: string, options?: ExternalToast) =>
    show('info', message, { duration: toastConfig.defaultDurationMs, ...options }),
};
