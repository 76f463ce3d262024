/** One pending OAuth round trip; the state is stored hashed and used once. */
export interface OAuthStatesTable {
  state_hash: string;
  code_verifier: string;
  /** Set when a signed-in user connects GitHub from Settings rather than signing in. */
  link_user_id: string | null;
  expires_at: string;
}
