import { AppToaster } from '@/components/ui/app-toaster';
import { useTheme } from '@/features/theme/hooks/use-theme';
import { AppRouter } from './router';

export function App() {
  const theme = useTheme();
  return (
    <>
      <AppRouter />
      {/* On every route, the landing page too: "Account deleted" and sign-out toasts land there. */}
      <AppToaster theme={theme} />
    </>
  );
}
