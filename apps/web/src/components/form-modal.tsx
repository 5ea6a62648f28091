import { Alert, Modal, type ModalProps } from 'antd';
import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface FormModalProps {
  open: boolean;
  title: ReactNode;
  okText: ReactNode;
  /** The mutation that saves: its pending state drives the OK button, its error shows above the form. */
  saving: { isPending: boolean; error: Error | null };
  onOk: () => void;
  onCancel: () => void;
  afterClose?: () => void;
  /** Extra settings of the OK button (disabled while data loads, for example). */
  okDisabled?: boolean;
  /** Forms that take long typing are not thrown away by a stray click on the mask. */
  keepOnMaskClick?: boolean;
  width?: ModalProps['width'];
  children: ReactNode;
}

/** Text-like inputs where Enter means "done" (not a textarea, not a select's search box, not a button). */
const SUBMIT_ON_ENTER = new Set(['text', 'email', 'url', 'tel', 'password', 'number', 'search']);

/**
 * Enter in a single-line field submits the dialog, as it does in any form with a submit button (WCAG 2.1.1:
 * the keyboard gets what the OK button gives the pointer). The browser's own implicit submission does not
 * help here: the OK button sits outside the `<form>`, and a form with two text fields (a name and a select's
 * search box) and no submit button does not submit on Enter. A select's input (`role="combobox"`) keeps Enter
 * for picking an option, and typing with an input method (IME) keeps Enter for composing.
 */
export function submitOnEnter(event: KeyboardEvent<HTMLElement>, submit: () => void): void {
  const target = event.target;
  if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
  if (event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) return;
  if (!(target instanceof HTMLInputElement) || !SUBMIT_ON_ENTER.has(target.type)) return;
  if (target.getAttribute('role') === 'combobox' || target.readOnly) return;
  // Stops the browser's implicit submission too, so a one-field form is not submitted twice.
  event.preventDefault();
  submit();
}

/** The first field a person fills: where the focus goes when the dialog opens. */
const FIRST_FIELD =
  'input:not([type="hidden"]):not([disabled]):not([readonly]), textarea:not([disabled]), select:not([disabled])';

/**
 * The dialog every create/edit form uses: OK submits, the save's error is said once above the fields (the
 * form stays filled so the person can fix it), and the content is dropped on close so the next open starts
 * from the current values. Opening puts the focus in the first field (antd focuses the dialog box itself, which
 * `autoFocus` on a field loses to), so typing starts at once; closing gives it back to what opened it.
 */
export function FormModal({
  open,
  title,
  okText,
  saving,
  onOk,
  onCancel,
  afterClose,
  okDisabled,
  keepOnMaskClick,
  width,
  children,
}: FormModalProps) {
  const body = useRef<HTMLDivElement>(null);
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      onOk={onOk}
      okButtonProps={{ loading: saving.isPending, disabled: okDisabled }}
      onCancel={onCancel}
      afterClose={afterClose}
      afterOpenChange={(visible) => {
        if (visible) body.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
      }}
      mask={keepOnMaskClick ? { closable: false } : undefined}
      width={width}
      destroyOnHidden
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only catches Enter bubbling up from the fields */}
      <div
        ref={body}
        onKeyDown={(event) => {
          if (!saving.isPending && !okDisabled) submitOnEnter(event, onOk);
        }}
      >
        {saving.error ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={saving.error.message}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        {children}
      </div>
    </Modal>
  );
}
