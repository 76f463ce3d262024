import { Suspense } from 'react';
import { preloadable } from '@/utils/preloadable';
import type { PullRequestKeyRequest } from './pull-request-key-action';

const { preload, Component } = preloadable(() =>
  import('./pull-request-key-action').then((module) => module.PullRequestKeyAction),
);

/** Fetches the key actions' code ahead of a key (the inbox calls it when a pull request shows). */
export const preloadPullRequestKeyAction = () => void preload().catch(() => undefined);

/** `PullRequestKeyAction`, loaded on the first key that asks for one. */
export function PullRequestKeyActionLoader(props: {
  request: PullRequestKeyRequest;
  onDone: (text: string | null) => void;
}) {
  return (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  );
}
