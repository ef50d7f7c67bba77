/**
 * The calendar feed (issue 6): a per-user ICS address that calendar apps subscribe to. Paths are
 * relative to /api/v1; the feed itself is `GET /calendar/{token}.ics` (no session: the secret
 * token in the address is the key).
 */

/** GET /calendar/feed (signed in): whether the caller has a feed. */
export interface CalendarFeedState {
  enabled: boolean;
}

/**
 * POST /calendar/feed (signed in): a new feed address, shown this once (only a hash of its token
 * is kept); the previous address stops working.
 */
export interface CalendarFeedCreated {
  url: string;
}
