import { randomToken } from '../data/ids.js';

export interface AuthorizationGrant {
  clientId: string;
  accountId: number;
  scopes: string[];
  /** The redirect_uri the authorize request used, which the token request must repeat. */
  redirectUri: string | null;
  codeChallenge: string | null;
  expiresAt: number;
}

/** GitHub's codes live ten minutes and work once. */
export const CODE_TTL_MS = 10 * 60_000;

export class OAuthCodeStore {
  private readonly grants = new Map<string, AuthorizationGrant>();

  constructor(private readonly clock: () => number = Date.now) {}

  issue(grant: Omit<AuthorizationGrant, 'expiresAt'>): string {
    const code = randomToken(20);
    this.grants.set(code, { ...grant, expiresAt: this.clock() + CODE_TTL_MS });
    return code;
  }

  /** The grant, if the code is known and unexpired; it is not consumed yet. */
  peek(code: string): AuthorizationGrant | undefined {
    const grant = this.grants.get(code);
    if (grant && grant.expiresAt <= this.clock()) {
      this.grants.delete(code);
      return undefined;
    }
    return grant;
  }

  consume(code: string): void {
    this.grants.delete(code);
  }
}
