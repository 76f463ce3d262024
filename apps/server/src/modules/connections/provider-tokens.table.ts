export type Provider = 'github' | 'vercel';

/** A user's provider credential, sealed with AES-256-GCM; never sent to the browser. */
export interface ProviderTokensTable {
  user_id: string;
  provider: Provider;
  token_sealed: string;
  /** Comma-separated scopes the provider granted. */
  scopes: string;
  updated_at: string;
}
