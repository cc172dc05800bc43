// The personnel import (spec 001 §2, §7): download the xlsx template, upload the filled one (the
// unregistered invited unless unticked), and the last import's report — every row added or failed,
// a failure with the field at fault and its message; clear the report.
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Space, Table, Tag, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportReport } from '../../api/enterprise.ts';
import { formatDateTime } from '../../format.ts';
import { useEnterpriseMemberImport } from '../../hooks/useEnterpriseMemberImport.ts';

type Row = ImportReport['rows'][number];

export function MemberImportPanel({ onImported }: { onImported(): void }) {
  const { t } = useTranslation();
  const im = useEnterpriseMemberImport(onImported);
  return (
    <div data-testid="member-import">
      <Space wrap style={{ marginBottom: 12 }}>
        <Button icon={<DownloadOutlined />} onClick={() => void im.download()} data-testid="member-template-download">
          {t('enterprise.people.import.template')}
        </Button>
        <Upload accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" showUploadList={false} beforeUpload={(file) => (void im.upload(file), false)}>
          <Button type="primary" icon={<UploadOutlined />} loading={im.busy} data-testid="member-template-upload">
            {t('enterprise.people.import.upload')}
          </Button>
        </Upload>
        <Checkbox checked={im.invite} onChange={(e) => im.setInvite(e.target.checked)}>
          {t('enterprise.people.import.inviteToo')}
        </Checkbox>
        {im.report && (
          <Button onClick={() => void im.clear()} data-testid="member-import-clear">
            {t('enterprise.people.import.clear')}
          </Button>
        )}
      </Space>
      {im.report ? (
        <>
          <Typography.Paragraph data-testid="member-import-summary">
            {t('enterprise.people.import.summary', { total: im.report.total, added: im.report.added, failed: im.report.failed })}
            <Typography.Text type="secondary">
              {' '}
              · {im.report.fileName ?? ''} {formatDateTime(im.report.createTime)}
            </Typography.Text>
          </Typography.Paragraph>
          <Table<Row>
            rowKey="row"
            size="small"
            dataSource={im.report.rows}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            data-testid="member-import-rows"
            columns={[
              { title: t('enterprise.people.import.row'), dataIndex: 'row', width: 70 },
              { title: t('enterprise.people.fields.name'), dataIndex: 'name' },
              { title: t('enterprise.people.fields.phone'), dataIndex: 'phone', render: (v: string | null) => v ?? '—' },
              { title: t('enterprise.people.fields.email'), dataIndex: 'email', render: (v: string | null) => v ?? '—' },
              { title: t('enterprise.people.import.result'), dataIndex: 'status', render: (s: Row['status']) => <Tag color={s === 'added' ? 'green' : 'red'}>{t(`enterprise.people.import.status.${s}`)}</Tag> },
              { title: t('enterprise.people.import.error'), render: (_: unknown, r) => (r.error ? `${r.field ? `${r.field}: ` : ''}${r.error}` : '—') },
            ]}
          />
        </>
      ) : (
        <Typography.Text type="secondary">{t('enterprise.people.import.none')}</Typography.Text>
      )}
    </div>
  );
}
