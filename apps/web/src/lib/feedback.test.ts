import { afterEach, describe, expect, it, vi } from 'vitest';
import { announce, registerFeedback, toastSuccess } from './feedback.ts';

describe('screen-reader announcements', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('says a polite text in a status region and an urgent one in an alert region', () => {
    vi.useFakeTimers();
    announce('Response 200 OK');
    announce('The target could not be reached', 'assertive');
    vi.advanceTimersByTime(100);
    const status = document.querySelector('[role="status"]');
    const alert = document.querySelector('[role="alert"]');
    expect(status?.getAttribute('aria-live')).toBe('polite');
    expect(status?.textContent).toBe('Response 200 OK');
    expect(alert?.getAttribute('aria-live')).toBe('assertive');
    expect(alert?.textContent).toBe('The target could not be reached');
  });

  it('leaves toasts to antd’s own live region, so their text is not read twice', () => {
    vi.useFakeTimers();
    const success = vi.fn();
    const restore = registerFeedback({ message: { success, error: vi.fn() }, modal: { confirm: vi.fn() } });
    toastSuccess('Saved');
    vi.advanceTimersByTime(100);
    expect(success).toHaveBeenCalledWith('Saved');
    expect(document.body.textContent).not.toContain('Saved');
    restore();
  });
});
