import { toastConfig } from '@shipdeck/shared/constants';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isSonnerRequested, loadSonner, onSonnerRequested } from '@/lib/toast';

const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** The toast area, mounted (and its code fetched) only once the first toast is raised. */
export function AppToaster({ theme }: { theme: 'dark' | 'light' }) {
  const requested = useSyncExternalStore(onSonnerRequested, isSonnerRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-right"
        theme={theme}
        visibleToasts={toastConfig.maxVisible}
        duration={toastConfig.defaultDurationMs}
        // Below the 56 px header, so toasts never cover the theme, bell and user-menu buttons.
        offset={{ top: 68, right: 16 }}
        mobileOffset={{ top: 64, right: 8, left: 8 }}
        closeButton
        richColors
      />
    </Suspense>
  );
}
