import { describe, expect, it } from 'vitest';
import { THROTTLES, throttleRefuses } from './throttle-rule.ts';

const login = THROTTLES.login;

describe('the throttle rule', () => {
  it('never refuses an address with no attempt in the window but the one decided, however attacked the target', () => {
    for (const limits of Object.values(THROTTLES))
      expect(throttleRefuses({ address: 1, target: 1_000_000, targetFromAddress: 1 }, limits)).toBe(false);
  });

  it('refuses an address past its budget, whatever it targets', () => {
    expect(throttleRefuses({ address: 10, target: 10, targetFromAddress: 10 }, login)).toBe(false);
    expect(throttleRefuses({ address: 11, target: 1, targetFromAddress: 1 }, login)).toBe(true);
  });

  it('under attack, an address that already failed a few times on the target is refused', () => {
    expect(throttleRefuses({ address: 3, target: 50, targetFromAddress: 3 }, login)).toBe(false);
    expect(throttleRefuses({ address: 4, target: 50, targetFromAddress: 4 }, login)).toBe(true);
    // Not under attack: the same address goes on up to its own budget.
    expect(throttleRefuses({ address: 4, target: 4, targetFromAddress: 4 }, login)).toBe(false);
  });

  it('counts registrations per address only', () => {
    expect(throttleRefuses({ address: 10, target: 500, targetFromAddress: 10 }, THROTTLES.register)).toBe(
      false,
    );
    expect(throttleRefuses({ address: 11, target: 500, targetFromAddress: 11 }, THROTTLES.register)).toBe(
      true,
    );
  });
});
