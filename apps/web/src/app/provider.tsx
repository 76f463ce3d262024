import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppToaster } from '@/components/ui/app-toaster';
import { useTheme } from '@/features/theme/hooks/use-theme';
import { queryClient } from '@/lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  const theme = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <AppToaster theme={theme} />
    </QueryClientProvider>
  );
}
