/** Short-lived, single-use tickets that open an EventSource without the bearer token in a URL. */
export interface EventTicketsTable {
  ticket_hash: string;
  user_id: string;
  expires_at: string;
}
