import type { App, ModalFuncProps } from 'antd';
import { Modal, message } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

/**
 * Toasts and confirmations for code outside React (the API client). The app registers antd's context-aware
 * instances from `App.useApp()`, so toasts follow the theme and locale; before that, antd's static API is used.
 */
export interface Feedback {
  message: Pick<AppApi['message'], 'error' | 'success'> & Partial<Pick<AppApi['message'], 'warning'>>;
  modal: { confirm: (config: ModalFuncProps) => unknown };
}

const staticFeedback: Feedback = { message, modal: Modal };
let current: Feedback = staticFeedback;

/** Registers the feedback instances; returns a function that restores the static ones. */
export function registerFeedback(feedback: Feedback): () => void {
  current = feedback;
  return () => {
    if (current === feedback) current = staticFeedback;
  };
}

/**
 * Says `text` to screen readers without moving focus (WCAG 4.1.3), for what shows no toast (a debug response
 * arriving): a visually hidden element kept in <body> from the first message on ("status" waits for a pause,
 * "alert" interrupts). Toasts need none: antd's notification list is already a live region (`role="alert"`
 * in @rc-component/notification), and a second copy of their text would be read twice.
 */
export function announce(text: string, urgency: 'polite' | 'assertive' = 'polite'): void {
  if (typeof document === 'undefined') return;
  const id = `q-live-${urgency}`;
  let region = document.getElementById(id);
  if (!region) {
    region = document.createElement('div');
    region.id = id;
    region.className = 'q-visually-hidden';
    region.setAttribute('role', urgency === 'assertive' ? 'alert' : 'status');
    region.setAttribute('aria-live', urgency);
    region.setAttribute('aria-atomic', 'true');
    document.body.append(region);
  }
  // A region must exist before its text changes to be read; the text is set on the next frame, and emptied
  // first so the same message twice is read twice.
  region.textContent = '';
  const target = region;
  setTimeout(() => {
    target.textContent = text;
  }, 50);
}

/** Shows an error toast. */
export function toastError(text: string): void {
  void current.message.error(text);
}

/** Shows a success toast. */
export function toastSuccess(text: string): void {
  void current.message.success(text);
}

/** Shows a warning toast that stays long enough to read a list. */
export function toastWarning(text: string): void {
  const warn = current.message.warning ?? current.message.error;
  void warn(text, 8);
}

let isLoggedOutOpen = false;

/**
 * Asks a logged-out user whether to log in again. Several failing calls answer at once, so only one dialog
 * is shown at a time.
 */
export function confirmLoggedOut(
  texts: { title: string; content: string; okText: string; cancelText: string },
  onReLogin: () => void,
): void {
  if (isLoggedOutOpen) return;
  isLoggedOutOpen = true;
  current.modal.confirm({
    ...texts,
    onOk: onReLogin,
    afterClose: () => {
      isLoggedOutOpen = false;
    },
  });
}
