/**
 * Builds the absolute URLs GitHub puts in its answers: API URLs on the emulator's own origin, the
 * pages a browser opens (profiles, repositories, avatars) under `web`, which a proxy may serve.
 */
export class GithubUrls {
  readonly api: string;
  readonly web: string;

  constructor(
    readonly origin: string,
    web: string = origin,
  ) {
    this.api = `${origin}/api/v3`;
    this.web = web;
  }

  user(login: string): string {
    return `${this.api}/users/${encodeURIComponent(login)}`;
  }

  userHtml(login: string): string {
    return `${this.web}/${encodeURIComponent(login)}`;
  }

  avatar(id: number): string {
    return `${this.web}/_emulator/avatars/${id}.svg`;
  }

  repo(fullName: string): string {
    return `${this.api}/repos/${fullName}`;
  }

  repoHtml(fullName: string): string {
    return `${this.web}/${fullName}`;
  }

  repository(id: number): string {
    return `${this.api}/repositories/${id}`;
  }
}

/** GitHub prints times without milliseconds: 2011-01-26T19:01:12Z. */
export function ghTime(iso: string): string;
export function ghTime(iso: string | null): string | null;
export function ghTime(iso: string | null): string | null {
  if (iso === null) return null;
  // Stored times are already ISO 8601 in UTC; only the milliseconds need to go.
  if (iso.length === 24 && iso[19] === '.' && iso.endsWith('Z')) return `${iso.slice(0, 19)}Z`;
  if (iso.length === 20 && iso.endsWith('Z')) return iso;
  return new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Last-Modified format: Tue, 19 Sep 2017 15:57:54 GMT. */
export function httpDate(iso: string): string {
  return new Date(iso).toUTCString();
}
