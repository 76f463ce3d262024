import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Get Started / Sign In for visitors; Open Dashboard once signed in (spec §2). */
export function PrimaryActions({ signedIn }: { signedIn: boolean }) {
  if (signedIn) {
    return (
      <Button asChild size="lg">
        <Link to={paths.dashboard}>
          Open Dashboard
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap gap-3">
      <Button asChild size="lg">
        <Link to={paths.signup}>
          Get Started
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to={paths.login}>Sign In</Link>
      </Button>
    </div>
  );
}
