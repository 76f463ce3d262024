import { FlaskConical } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { useMeta } from '../api/get-meta';

/** Says so when the built-in emulator, not GitHub, supplies what the pages show. */
export function DemoBadge() {
  const { data } = useMeta();
  if (!data?.demoMode) return null;
  return (
    <Badge
      variant="warning"
      title="GitHub data here comes from Shipdeck's built-in emulator. Set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET to use your real account."
    >
      <FlaskConical aria-hidden="true" />
      {/* On phones the header has no room for the words; the icon and its title remain. */}
      <span className="sr-only sm:not-sr-only">Demo data</span>
    </Badge>
  );
}
