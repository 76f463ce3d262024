import { Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTheme } from '../hooks/use-theme';
import { toggleTheme } from '../lib/theme-store';

export function ThemeToggle({ className }: { className?: string }) {
  const theme = useTheme();
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Button
      variant="quiet"
      size="icon"
      className={className}
      onClick={toggleTheme}
      aria-label={label}
      title={label}
    >
      {/* Chosen by the theme class on <html>, so a page the server drew (it cannot know the
          theme) shows the right icon before the app starts. */}
      <Sun aria-hidden="true" className="hidden dark:block" />
      <Moon aria-hidden="true" className="dark:hidden" />
    </Button>
  );
}
