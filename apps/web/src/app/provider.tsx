import { toastConfig } from '@shipdeck/shared/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { useTheme } from '@/features/theme/hooks/use-theme';
import { queryClient } from '@/lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  const theme = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
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
    </QueryClientProvider>
  );
}
