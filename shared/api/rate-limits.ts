/**
 * Per-caller rate limits on costly or abusable routes (docs/security.md, "Rate limits").
 * A contract names one of these in `rateLimit`; the request pipeline enforces it with a
 * counter in the table (functions/lib/http/rate-limit.ts), the OpenAPI document lists it and
 * tests read it. Plain data, so any side (infra, the web, tests) can import it.
 */
export type RateLimitKey = 'user' | 'ip';

export interface RateLimit {
  /** Requests allowed in one window; the next one answers 429. */
  limit: number;
  /** Length of the fixed window, in seconds. */
  windowSeconds: number;
  /** Counted per signed-in user, or per client IP (public routes have no user). */
  key: RateLimitKey;
  /** What was counted, for the 429 message: "Too many <what>." */
  what: string;
}

// The numbers and why each is what a real user never meets: docs/security.md, "Rate limits".
export const RATE_LIMITS = {
  signInCallback: { limit: 100, windowSeconds: 300, key: 'ip', what: 'sign-in attempts from this network' },
  smsVerification: { limit: 20, windowSeconds: 3600, key: 'user', what: 'verification texts requested' },
  invitation: { limit: 100, windowSeconds: 3600, key: 'user', what: 'invitations sent' },
  invitationBatch: { limit: 30, windowSeconds: 3600, key: 'user', what: 'batches of invitations sent' },
  search: { limit: 240, windowSeconds: 60, key: 'user', what: 'searches' },
  upload: { limit: 60, windowSeconds: 600, key: 'user', what: 'uploads started' },
  auditExport: { limit: 20, windowSeconds: 3600, key: 'user', what: 'audit exports' },
  tableExport: { limit: 60, windowSeconds: 3600, key: 'user', what: 'table exports' },
  transferRequest: { limit: 30, windowSeconds: 3600, key: 'user', what: 'transfer requests' },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;
