import type { ReactNode } from 'react';
import { AppToaster } from '@/components/ui/app-toaster';
import { useTheme } from '@/features/theme/hooks/use-theme';

/** `router`: the browser's router, or the build's static one when it prerenders a page. */
export function App({ router }: { router: ReactNode }) {
  const theme = useTheme();
  return (
    <>
      {router}
      {/* On every route, the landing page too: "Account deleted" and sign-out toasts land there. */}
      <AppToaster theme={theme} />
    </>
  );
}
