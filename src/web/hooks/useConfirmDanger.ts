// A confirmation before a destructive action (delete a plant, an alarm, a patrol task; unbind a
// device): antd's modal with a danger "Confirm" and "Cancel"; `onOk` runs when confirmed (the modal
// waits for its promise).
import { App } from 'antd';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DangerConfirm {
  title: ReactNode;
  content: ReactNode;
  onOk: () => unknown;
  /** The confirm button's element id (tests find it by id). */
  okId?: string;
}

export function useConfirmDanger(): (c: DangerConfirm) => void {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    ({ title, content, onOk, okId }: DangerConfirm) => {
      modal.confirm({
        title,
        content,
        okText: t('common.confirm'),
        okButtonProps: okId === undefined ? { danger: true } : { danger: true, id: okId },
        cancelText: t('common.cancel'),
        onOk,
      });
    },
    [modal, t],
  );
}
