import { Gauge } from 'lucide-react';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { useUser } from '@/features/auth/hooks/use-session';
import { RateLimitBudgetMeter } from '@/features/github/components/rate-limit-budget-meter';

/** How much of GitHub's hourly rate limit the connected account has left; hidden until connected. */
export function GithubBudgetCard() {
  const user = useUser();
  if (user.githubId === null) return null;
  return (
    <Card aria-labelledby="github-budget-title">
      <CardHeader
        icon={<Gauge />}
        title="GitHub API Budget"
        titleId="github-budget-title"
        description="Shipdeck's sync spends your GitHub rate limit and waits for the reset when it runs low."
      />
      <CardBody>
        <RateLimitBudgetMeter />
      </CardBody>
    </Card>
  );
}
