import { useSyncExternalStore } from 'react';
import { getTheme, subscribeTheme, type Theme } from '../lib/theme-store';

export function useTheme(): Theme {
  return useSyncExternalStore(subscribeTheme, getTheme, (): Theme => 'light');
}
