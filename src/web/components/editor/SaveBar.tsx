// What the server holds of the design: saved / unsaved / saving / a failure, a Save button, and the
// conflict dialog when someone else saved first (HTTP 409): keep mine (overwrite) or load theirs —
// the local work is kept until the user chooses.
import { Alert, Button, Modal, Space, Tag } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesignSession } from '../../editor/session/design-session.ts';
import { DESIGN_DOC_KEYS } from '../../editor/save/design-api.ts';

export function useStoreRevision(session: DesignSession): number {
  return useSyncExternalStore(
    (fn) => session.store.subscribe(fn),
    () => session.store.snapshot,
  );
}

export function SaveBar({ session }: { session: DesignSession }) {
  const { t } = useTranslation();
  useStoreRevision(session);
  const states = DESIGN_DOC_KEYS.map((k) => session.store.status(k));
  const conflict = states.find((s) => s.state === 'conflict');
  const error = states.find((s) => s.state === 'error');
  const state = conflict ? 'conflict' : states.some((s) => s.state === 'saving') ? 'saving' : error ? 'error' : session.store.dirty ? 'dirty' : 'saved';
  return (
    <Space data-testid="save-bar" data-state={state}>
      <Tag color={state === 'saved' ? 'green' : state === 'conflict' || state === 'error' ? 'red' : 'gold'}>{t(`editor.save.${state}`)}</Tag>
      <Button size="small" onClick={() => void session.save()} disabled={state === 'saved' || state === 'saving'} data-testid="save-now">
        {t('common.save')}
      </Button>
      {error && <Alert type="error" showIcon message={error.error} style={{ padding: '0 8px' }} />}
      <Modal
        open={!!conflict}
        title={t('editor.save.conflictTitle')}
        closable={false}
        mask={{ closable: false }}
        data-testid="conflict-dialog"
        footer={[
          <Button key="theirs" onClick={() => void session.loadTheirs()} data-testid="conflict-theirs">
            {t('editor.save.loadTheirs')}
          </Button>,
          <Button key="mine" type="primary" onClick={() => void session.keepMine()} data-testid="conflict-mine">
            {t('editor.save.keepMine')}
          </Button>,
        ]}
      >
        {t('editor.save.conflictText')}
      </Modal>
    </Space>
  );
}
