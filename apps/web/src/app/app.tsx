import { UrlTokenConfirm } from '@/features/auth/components/url-token-confirm';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App() {
  return (
    <AppProvider>
      <AppRouter />
      <UrlTokenConfirm />
    </AppProvider>
  );
}
