import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerFeedback, toastError, toastSuccess } from './feedback.ts';

describe('toasts reach screen readers', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('puts a success in a polite status region and an error in an alert region', () => {
    vi.useFakeTimers();
    const restore = registerFeedback({
      message: { success: vi.fn(), error: vi.fn() },
      modal: { confirm: vi.fn() },
    });
    toastSuccess('Saved');
    toastError('Name is required');
    vi.advanceTimersByTime(100);
    const status = document.querySelector('[role="status"]');
    const alert = document.querySelector('[role="alert"]');
    expect(status?.getAttribute('aria-live')).toBe('polite');
    expect(status?.textContent).toBe('Saved');
    expect(alert?.getAttribute('aria-live')).toBe('assertive');
    expect(alert?.textContent).toBe('Name is required');
    restore();
  });
});
