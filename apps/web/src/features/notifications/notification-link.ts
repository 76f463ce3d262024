import { externalUrl } from '@/utils/external-url';

/** Where an item points: a page of this app, a page elsewhere (GitHub), or nowhere. */
export type NotificationTarget =
  { kind: 'app'; path: string } | { kind: 'external'; href: string } | null;

export function notificationTarget(link: string | null): NotificationTarget {
  if (!link) return null;
  // `//host` is another site, not an app path.
  if (link.startsWith('/') && !link.startsWith('//')) return { kind: 'app', path: link };
  const href = externalUrl(link);
  return href ? { kind: 'external', href } : null;
}
