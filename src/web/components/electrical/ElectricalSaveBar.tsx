// What the server holds of the Electrical step: saved / unsaved / saving / a failure, the Save button
// ("wiring saved" once done), and the conflict dialog when someone else saved first (HTTP 409): keep
// mine (overwrite) or load theirs — the local wiring is kept until the user chooses.
import { Alert, Button, Modal, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ElectricalState } from '../../hooks/useElectrical.ts';

export function ElectricalSaveBar({ state }: { state: ElectricalState }) {
  const { t } = useTranslation();
  const s = state.saveState.state;
  return (
    <Space data-testid="wiring-save-bar" data-state={s}>
      <Tag color={s === 'saved' ? 'green' : s === 'conflict' || s === 'error' ? 'red' : 'gold'}>{t(`editor.save.${s}`)}</Tag>
      <Button size="small" onClick={() => void state.save()} disabled={s === 'saved' || s === 'saving'} data-testid="wiring-save">
        {t('common.save')}
      </Button>
      {state.saveState.error && <Alert type="error" showIcon message={state.saveState.error} style={{ padding: '0 8px' }} />}
      <Modal
        open={s === 'conflict'}
        title={t('editor.save.conflictTitle')}
        closable={false}
        mask={{ closable: false }}
        data-testid="wiring-conflict-dialog"
        footer={[
          <Button key="theirs" onClick={() => void state.store.loadTheirs()} data-testid="wiring-conflict-theirs">
            {t('editor.save.loadTheirs')}
          </Button>,
          <Button key="mine" type="primary" onClick={() => void state.store.keepMine()} data-testid="wiring-conflict-mine">
            {t('editor.save.keepMine')}
          </Button>,
        ]}
      >
        {t('editor.save.conflictText')}
      </Modal>
    </Space>
  );
}
