// The manufacturers of the equipment page (spec 001 §2 "Equipment information … manufacturer
// libraries with enable and disable and source"; §3 Manufacturer: Chinese name, English name, type,
// source, enabled): module or inverter makers, a name search, the enable switch ('Status Updated
// Successfully') and adding an own one ('Please enter the manufacturer English or Chinese name').
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Modal, Segmented, Space, Switch, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EQUIPMENT_MESSAGES } from '../../../model/equipment.ts';
import { addManufacturer, type LibraryKind, type Manufacturer } from '../../api/library.ts';
import { ApiError } from '../../api/http.ts';
import { useLibraryManufacturers } from '../../hooks/useLibraryManufacturers.ts';
import { useLibraryMessage } from './LibraryFields.tsx';

function AddManufacturerModal({ kind, open, onClose }: { kind: LibraryKind; open: boolean; onClose(added: boolean): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const translate = useLibraryMessage();
  const [nameEn, setNameEn] = useState('');
  const [nameZh, setNameZh] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const en = nameEn.trim();
    const zh = nameZh.trim();
    if (!en && !zh) {
      setError(EQUIPMENT_MESSAGES.manufacturerRequired);
      return;
    }
    setSaving(true);
    try {
      await addManufacturer(kind, en || undefined, zh || undefined);
      void message.success(t('library.added'));
      setNameEn('');
      setNameZh('');
      setError(null);
      onClose(true);
    } catch (e) {
      setError(e instanceof ApiError ? e.message.replace(/^nameEn: /, '') : t('errors.busy'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('library.manufacturer.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form layout="vertical" component={false}>
        <Form.Item label={t('library.manufacturer.nameEn')} validateStatus={error ? 'error' : undefined} help={error ? <span data-testid="error-nameEn">{translate(error)}</span> : undefined}>
          <Input value={nameEn} onChange={(e) => setNameEn(e.target.value)} maxLength={100} data-testid="manufacturer-nameEn" />
        </Form.Item>
        <Form.Item label={t('library.manufacturer.nameZh')}>
          <Input value={nameZh} onChange={(e) => setNameZh(e.target.value)} maxLength={100} data-testid="manufacturer-nameZh" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ManufacturerTab() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<LibraryKind>('module');
  const makers = useLibraryManufacturers(kind);
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q ? makers.list.filter((m) => `${m.nameEn ?? ''} ${m.nameZh ?? ''}`.toLowerCase().includes(q)) : makers.list;
  }, [makers.list, search]);
  return (
    <div data-testid="library-manufacturers">
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<LibraryKind>
          value={kind}
          onChange={setKind}
          options={(['module', 'inverter'] as const).map((k) => ({ value: k, label: t(`library.manufacturer.kinds.${k}`) }))}
        />
        <Input.Search allowClear value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('library.manufacturer.search')} style={{ width: 240 }} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="manufacturer-add">
          {t('library.actions.addManufacturer')}
        </Button>
      </Space>
      <Table<Manufacturer>
        rowKey="id"
        size="small"
        loading={makers.loading}
        dataSource={rows}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        columns={[
          { title: t('library.columns.nameEn'), dataIndex: 'nameEn', render: (v: string | null) => v ?? '—' },
          { title: t('library.columns.nameZh'), dataIndex: 'nameZh', render: (v: string | null) => v ?? '—' },
          { title: t('library.columns.source'), dataIndex: 'source', render: (s: Manufacturer['source']) => <Tag color={s === 'system' ? 'blue' : 'green'}>{t(`library.source.${s}`)}</Tag> },
          {
            title: t('library.columns.enabled'),
            dataIndex: 'enabled',
            render: (enabled: boolean, m) => <Switch size="small" checked={enabled} onChange={(v) => void makers.setEnabled(m, v)} data-testid={`manufacturer-enabled-${m.id}`} />,
          },
        ]}
      />
      <AddManufacturerModal
        kind={kind}
        open={adding}
        onClose={(added) => {
          setAdding(false);
          if (added) void makers.reload();
        }}
      />
    </div>
  );
}
