import {
  deploymentStateLabels,
  deploymentStatusLabels,
  unknownStatusLabel,
} from '@shipdeck/shared/vercel-constants';
import { Badge } from '@/components/ui/badge';

const variants: Record<string, 'success' | 'warning' | 'danger' | 'info' | 'secondary'> = {
  READY: 'success',
  BUILDING: 'warning',
  INITIALIZING: 'warning',
  QUEUED: 'info',
  ERROR: 'danger',
  CANCELED: 'secondary',
};

type DeploymentStatusBadgeProps = {
  state: string;
  /** `list`: Deployed/Building/Failed/Unknown; `repository`: adds Queued and Cancelled (spec §4). */
  labels?: 'list' | 'repository';
};

export function DeploymentStatusBadge({ state, labels = 'list' }: DeploymentStatusBadgeProps) {
  const table = labels === 'list' ? deploymentStatusLabels : deploymentStateLabels;
  const label = table[state] ?? unknownStatusLabel;
  return (
    <Badge variant={table[state] ? (variants[state] ?? 'secondary') : 'secondary'} size="sm">
      {label}
    </Badge>
  );
}
