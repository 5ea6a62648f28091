/**
 * The one rule every throttle of Quire follows (logins, LDAP logins, share and composed-project passwords,
 * registrations). It slows whoever guesses without ever locking out the owner of a secret:
 *
 * - an address that failed `perAddress` times in the window is refused, whatever it targets;
 * - a target (an account, a share) that failed `perTarget` times in the window from any mix of addresses is
 *   "under attack": an address that already failed `perAddressUnderAttack` times on it is refused, so guessing
 *   from many addresses costs one address per few guesses;
 * - an address with no failure in the window is never refused: the right password from a clean address
 *   always gets checked, so ten wrong passwords from strangers cannot lock anybody out (issue 28, finding 4).
 *
 * Counts include the attempt being decided (it is reserved before it is counted: `throttle.service.ts`),
 * which is what makes parallel attempts unable to overshoot a limit.
 */
export interface ThrottleLimits {
  windowMs: number;
  /** Attempts one address may make in the window, whatever it targets. */
  perAddress: number;
  /** Failures on one target from all addresses after which the target is under attack. */
  perTarget: number;
  /** Under attack, the attempts one address may still make on that target. */
  perAddressUnderAttack: number;
}

/** The attempts in the window, the one being decided included. */
export interface ThrottleCounts {
  address: number;
  target: number;
  targetFromAddress: number;
}

export function throttleRefuses(counts: ThrottleCounts, limits: ThrottleLimits): boolean {
  if (counts.address > limits.perAddress) return true;
  return counts.target > limits.perTarget && counts.targetFromAddress > limits.perAddressUnderAttack;
}

const TEN_MINUTES = 10 * 60_000;

/** Each kind's limits; docs/permissions.md ("Throttles") says the same. */
export const THROTTLES = {
  login: { windowMs: TEN_MINUTES, perAddress: 10, perTarget: 10, perAddressUnderAttack: 3 },
  share: { windowMs: TEN_MINUTES, perAddress: 10, perTarget: 30, perAddressUnderAttack: 3 },
  compose: { windowMs: TEN_MINUTES, perAddress: 10, perTarget: 30, perAddressUnderAttack: 3 },
  /** Registrations count whether they succeed or not; they have no target. */
  register: {
    windowMs: 60 * 60_000,
    perAddress: 10,
    perTarget: Number.POSITIVE_INFINITY,
    perAddressUnderAttack: 0,
  },
} as const satisfies Record<string, ThrottleLimits>;

export type ThrottleKind = keyof typeof THROTTLES;
