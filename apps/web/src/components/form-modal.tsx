import { Alert, Modal, type ModalProps } from 'antd';
import type { ReactNode } from 'react';

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

/**
 * The dialog every create/edit form uses: OK submits, the save's error is said once above the fields (the
 * form stays filled so the person can fix it), and the content is dropped on close so the next open starts
 * from the current values.
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
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      onOk={onOk}
      okButtonProps={{ loading: saving.isPending, disabled: okDisabled }}
      onCancel={onCancel}
      afterClose={afterClose}
      mask={keepOnMaskClick ? { closable: false } : undefined}
      width={width}
      destroyOnHidden
    >
      {saving.error ? (
        <Alert type="error" showIcon role="alert" title={saving.error.message} style={{ marginBottom: 16 }} />
      ) : null}
      {children}
    </Modal>
  );
}
