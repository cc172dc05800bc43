// The organisation's manufacturers (spec 001 §3 Manufacturer: Chinese name, English name, type
// (module or inverter), source (system built-in or enterprise uploaded), enabled or disabled; §2
// "enable and disable"; "company" in the spec's enterprise calls): module or inverter makers, search,
// source and status filters; administrators switch them on or off ('Status Updated Successfully'),
// add and rename own ones ('Please enter the manufacturer English or Chinese name').
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Modal, Popconfirm, Segmented, Select, Space, Switch, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EQUIPMENT_MESSAGES } from '../../../model/equipment.ts';
import { saveEnterpriseCompany, type EnterpriseCompanyRow } from '../../api/enterprise.ts';
import { ApiError } from '../../api/http.ts';
import { useEnterpriseEquipment, type EquipmentFilter } from '../../hooks/useEnterpriseEquipment.ts';
import { enterpriseMessageKey } from './form-messages.ts';

type Editing = { open: false } | { open: true; row: EnterpriseCompanyRow | null };

function ManufacturerModal({ type, editing, onClose }: { type: 'module' | 'inverter'; editing: Editing; onClose(saved: boolean): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [nameEn, setNameEn] = useState('');
  const [nameZh, setNameZh] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const row = editing.open ? editing.row : null;
  useEffect(() => {
    if (!editing.open) return;
    setNameEn(row?.nameEn ?? '');
    setNameZh(row?.nameZh ?? '');
    setError(null);
  }, [editing.open, row]);
  const save = async () => {
    const en = nameEn.trim();
    const zh = nameZh.trim();
    if (!en && !zh) {
      setError(EQUIPMENT_MESSAGES.manufacturerRequired);
      return;
    }
    setSaving(true);
    try {
      await saveEnterpriseCompany({ id: row?.id, type: row?.type ?? type, nameEn: en || undefined, nameZh: zh || undefined });
      void message.success(row ? t('common.updated') : t('enterprise.added'));
      onClose(true);
    } catch (e) {
      setError(e instanceof ApiError ? e.message.replace(/^nameEn: /, '') : t('errors.busy'));
    } finally {
      setSaving(false);
    }
  };
  const errorKey = enterpriseMessageKey(error ?? undefined);
  return (
    <Modal
      open={editing.open}
      title={row ? t('enterprise.equipment.editManufacturer') : t('library.manufacturer.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
      okButtonProps={{ id: 'enterprise-manufacturer-save' }}
      destroyOnHidden
    >
      <Form layout="vertical" component={false}>
        <Form.Item label={t('library.manufacturer.nameEn')} validateStatus={error ? 'error' : undefined} help={error ? <span data-testid="error-nameEn">{errorKey ? t(errorKey) : error}</span> : undefined}>
          <Input value={nameEn} onChange={(e) => setNameEn(e.target.value)} maxLength={100} data-testid="enterprise-manufacturer-nameEn" />
        </Form.Item>
        <Form.Item label={t('library.manufacturer.nameZh')}>
          <Input value={nameZh} onChange={(e) => setNameZh(e.target.value)} maxLength={100} data-testid="enterprise-manufacturer-nameZh" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ManufacturersTab({ admin }: { admin: boolean }) {
  const { t } = useTranslation();
  const list = useEnterpriseEquipment<EnterpriseCompanyRow>('company', { type: 'module' });
  const [editing, setEditing] = useState<Editing>({ open: false });
  const type = list.filter.type ?? 'module';
  return (
    <div data-testid="enterprise-manufacturers">
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<'module' | 'inverter'> value={type} onChange={(v) => list.setFilter({ type: v })} options={(['module', 'inverter'] as const).map((k) => ({ value: k, label: t(`library.manufacturer.kinds.${k}`) }))} />
        <Input.Search allowClear onSearch={(keyword) => list.setFilter({ keyword })} placeholder={t('library.manufacturer.search')} style={{ width: 240 }} />
        <Select<EquipmentFilter['source']>
          value={list.filter.source}
          onChange={(source) => list.setFilter({ source })}
          style={{ width: 160 }}
          options={(['all', 'system', 'enterprise'] as const).map((v) => ({ value: v, label: t(`enterprise.equipment.source.${v}`) }))}
        />
        {admin && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, row: null })} data-testid="enterprise-manufacturer-add">
            {t('library.actions.addManufacturer')}
          </Button>
        )}
      </Space>
      <Table<EnterpriseCompanyRow>
        rowKey={(r) => `${r.source}-${r.id}`}
        size="small"
        loading={list.loading}
        dataSource={list.rows}
        pagination={{ current: list.page, pageSize: list.size, total: list.total, onChange: list.setPage, showSizeChanger: false }}
        data-testid="enterprise-manufacturer-table"
        columns={[
          { title: t('library.columns.nameEn'), dataIndex: 'nameEn', render: (v: string | null) => v ?? '—' },
          { title: t('library.columns.nameZh'), dataIndex: 'nameZh', render: (v: string | null) => v ?? '—' },
          { title: t('library.columns.source'), dataIndex: 'source', render: (s: EnterpriseCompanyRow['source']) => <Tag color={s === 'system' ? 'blue' : 'green'}>{t(`enterprise.equipment.source.${s}`)}</Tag> },
          {
            title: t('library.columns.enabled'),
            dataIndex: 'enabled',
            render: (enabled: boolean, r) => <Switch size="small" checked={enabled} disabled={!admin} onChange={(v) => void list.setEnabled(r, v)} data-testid={`manufacturer-enabled-${r.source}-${r.id}`} />,
          },
          ...(admin
            ? [
                {
                  title: t('library.columns.actions'),
                  key: 'actions',
                  render: (_: unknown, r: EnterpriseCompanyRow) =>
                    r.source === 'enterprise' ? (
                      <Space size={4}>
                        <Button size="small" type="link" onClick={() => setEditing({ open: true, row: r })}>
                          {t('library.actions.edit')}
                        </Button>
                        <Popconfirm title={t('library.actions.deleteConfirm', { name: r.nameEn ?? r.nameZh ?? '' })} okText={t('common.confirm')} cancelText={t('common.cancel')} okButtonProps={{ danger: true }} onConfirm={() => list.remove(r)}>
                          <Button size="small" type="link" danger>
                            {t('library.actions.delete')}
                          </Button>
                        </Popconfirm>
                      </Space>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
      <ManufacturerModal
        type={type}
        editing={editing}
        onClose={(saved) => {
          setEditing({ open: false });
          if (saved) void list.reload();
        }}
      />
    </div>
  );
}
