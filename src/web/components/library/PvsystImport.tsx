// The import of a PVsyst file in a library form (spec 001 §5: "Module import accepts a PVSyst .PAN
// file; inverter import accepts a PVSyst .OND file"; a wrong file: "select a standard PAN or OND
// file"): a file button, and what came of it — the file name the form was filled from, or the refusal.
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportState } from '../../hooks/useLibraryForm.ts';

export interface PvsystImportProps {
  kind: 'module' | 'inverter';
  state: ImportState;
  onFile: (file: File) => void;
}

export function PvsystImport({ kind, state, onFile }: PvsystImportProps) {
  const { t } = useTranslation();
  return (
    <div style={{ marginBottom: 12 }}>
      <Space align="center" wrap>
        <Upload
          accept={kind === 'module' ? '.pan,.PAN' : '.ond,.OND'}
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            onFile(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={state.kind === 'busy'} data-testid={`${kind}-import`}>
            {kind === 'module' ? t('library.form.importPan') : t('library.form.importOnd')}
          </Button>
        </Upload>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('library.form.importHint')}
        </Typography.Text>
      </Space>
      {state.kind === 'done' && <Alert style={{ marginTop: 8 }} type="success" showIcon title={t('library.form.imported', { file: state.fileName })} data-testid={`${kind}-import-done`} />}
      {state.kind === 'refused' && (
        <Alert
          style={{ marginTop: 8 }}
          type="error"
          showIcon
          title={state.standard ? t('library.messages.selectPanOnd') : state.detail}
          description={state.standard ? state.detail : undefined}
          data-testid={`${kind}-import-error`}
        />
      )}
    </div>
  );
}
