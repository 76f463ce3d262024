import { EllipsisVertical } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { preloadable } from '@/utils/preloadable';
import type { PullRequestRef } from '../pull-request-ref';
import { pullRequestActionTexts } from '../texts';

const { preload, Component: PullRequestActionsMenu } = preloadable(() =>
  import('./pull-request-actions-menu').then((module) => module.PullRequestActionsMenu),
);
// A failed prefetch is no error to report: the press fetches the code again.
const prefetch = () => void preload().catch(() => undefined);

/** `Actions for #123` as a row first draws it: the menu's code is not on the page yet. */
function LightButton({
  number,
  tabIndex,
  onPress,
}: {
  number: number;
  tabIndex?: number | undefined;
  onPress?: () => void;
}) {
  return (
    <Button
      variant="quiet"
      size="icon"
      className="size-8"
      tabIndex={tabIndex}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={pullRequestActionTexts.menuLabel(number)}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={onPress}
    >
      <EllipsisVertical />
    </Button>
  );
}

/**
 * A pull-request row's actions button. The menu, its dialogs and their texts load on the first
 * hover, focus or press (they stay out of every page's first load); a press then opens the menu
 * as soon as it has arrived.
 */
export function PullRequestActionsButton({
  pullRequest,
  tabIndex,
}: {
  pullRequest: PullRequestRef;
  /** -1 where the row keeps one control in the tab order (the inbox). */
  tabIndex?: number | undefined;
}) {
  const [pressed, setPressed] = useState(false);
  if (!pressed) {
    return (
      <LightButton
        number={pullRequest.number}
        tabIndex={tabIndex}
        onPress={() => setPressed(true)}
      />
    );
  }
  return (
    <Suspense fallback={<LightButton number={pullRequest.number} tabIndex={tabIndex} />}>
      <PullRequestActionsMenu pullRequest={pullRequest} defaultOpen tabIndex={tabIndex} />
    </Suspense>
  );
}
