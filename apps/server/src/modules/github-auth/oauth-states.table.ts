/** One pending OAuth round trip; the state is stored hashed and used once. */
export interface OAuthStatesTable {
  state_hash: string;
  code_verifier: string;
  /** Set when a signed-in user connects GitHub from Settings rather than signing in. */
  link_user_id: string | null;
  /** SHA-256 of the binding cookie of the browser that began the round trip. */
  browser_hash: string;
  /** The invitation a sign-in from a /signup?invitation= link may create its account with. */
  invitation_id: string | null;
  expires_at: string;
}
