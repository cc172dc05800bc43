// The module or inverter library of the equipment page (spec 001 §2 "Equipment information"): the
// search and filters, the table of system and custom entries with their source and an enable switch
// ('Status Updated Successfully'), and per entry: details (drawer with the curves), edit and delete for
// a custom entry, a copy of any entry as a new custom one; adding (or importing) through the forms.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Input, Popconfirm, Select, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getInverter, getModule, type InverterRow, type LibraryKind, type ModuleRow } from '../../api/library.ts';
import type { LibraryFormInitial } from '../../hooks/useLibraryForm.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { LIBRARY_PAGE_SIZE, useLibraryList } from '../../hooks/useLibraryList.ts';
import type { InverterIn } from '../../../model/equipment-inverter.ts';
import type { PvModuleIn } from '../../../model/equipment-module.ts';
import { EquipmentDetailDrawer } from './EquipmentDetailDrawer.tsx';
import { InverterFormModal } from './InverterFormModal.tsx';
import { ModuleFormModal } from './ModuleFormModal.tsx';

type Row = ModuleRow | InverterRow;
type Form = { open: false } | { open: true; initial?: LibraryFormInitial<PvModuleIn> | LibraryFormInitial<InverterIn> };

export function LibraryEntriesTab({ kind }: { kind: LibraryKind }) {
  const { t } = useTranslation();
  const list = useLibraryList(kind);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [form, setForm] = useState<Form>({ open: false });
  const [search, setSearch] = useState('');

  /** Opens the form on an entry's full values: to edit it (custom) or to copy it. */
  const openWith = async (row: Row, edit: boolean) => {
    try {
      const values = kind === 'module' ? (await getModule(row.id)).module : (await getInverter(row.id)).inverter;
      setForm({ open: true, initial: edit ? { id: row.id, values } : { values: { ...values, datasheet: undefined } } });
    } catch {
      // the client showed the error
    }
  };

  const common: TableColumnsType<Row> = [
    { title: t('library.columns.manufacturer'), dataIndex: 'manufacturer' },
    { title: t('library.columns.model'), dataIndex: 'model', render: (v: string, r) => <a onClick={() => setDetailId(r.id)}>{v}</a> },
  ];
  const specific: TableColumnsType<Row> =
    kind === 'module'
      ? [
          { title: t('library.columns.moduleType'), render: (_: unknown, r) => t(`library.moduleTypes.${(r as ModuleRow).moduleType}` as MessageKey) },
          { title: t('library.columns.pmax'), render: (_: unknown, r) => (r as ModuleRow).pmax },
          { title: t('library.columns.efficiency'), render: (_: unknown, r) => (r as ModuleRow).efficiency },
          { title: t('library.columns.size'), render: (_: unknown, r) => `${(r as ModuleRow).length} × ${(r as ModuleRow).width}` },
        ]
      : [
          { title: t('library.columns.inverterType'), render: (_: unknown, r) => t(`library.inverterTypes.${(r as InverterRow).inverterType}` as MessageKey) },
          { title: t('library.columns.ratedAcPower'), render: (_: unknown, r) => Number(((r as InverterRow).ratedAcPower / 1000).toFixed(3)) },
          { title: t('library.columns.maxEfficiency'), render: (_: unknown, r) => (r as InverterRow).maxEfficiency },
          { title: t('library.columns.mpptCount'), render: (_: unknown, r) => (r as InverterRow).mpptCount },
        ];
  const tail: TableColumnsType<Row> = [
    {
      title: t('library.columns.source'),
      dataIndex: 'source',
      render: (s: Row['source']) => <Tag color={s === 'system' ? 'blue' : 'green'}>{t(`library.source.${s}`)}</Tag>,
    },
    {
      title: t('library.columns.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean, r) => <Switch size="small" checked={enabled} onChange={(v) => void list.setEnabled(r as never, v)} data-testid={`${kind}-enabled-${r.id}`} />,
    },
    {
      title: t('library.columns.actions'),
      render: (_: unknown, r) => (
        <Space size={4} wrap>
          <Button size="small" type="link" onClick={() => setDetailId(r.id)} data-testid={`${kind}-details-${r.id}`}>
            {t('library.actions.details')}
          </Button>
          {r.source === 'custom' ? (
            <>
              <Button size="small" type="link" onClick={() => void openWith(r, true)} data-testid={`${kind}-edit-${r.id}`}>
                {t('library.actions.edit')}
              </Button>
              <Popconfirm
                title={t('library.actions.deleteConfirm', { name: `${r.manufacturer} ${r.model}` })}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => list.remove(r as never)}
              >
                <Button size="small" type="link" danger data-testid={`${kind}-delete-${r.id}`}>
                  {t('library.actions.delete')}
                </Button>
              </Popconfirm>
            </>
          ) : (
            <Button size="small" type="link" onClick={() => void openWith(r, false)}>
              {t('library.actions.copy')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const closeForm = () => {
    setForm({ open: false });
    void list.reload();
  };
  const formProps = { open: form.open, onClose: closeForm, onSaved: () => undefined };
  return (
    <div data-testid={`library-${kind}s`}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => list.setFilter({ keyword: v })}
          placeholder={t('library.search')}
          style={{ width: 280 }}
          data-testid={`${kind}-search`}
        />
        <Select
          value={list.filter.source}
          onChange={(source) => list.setFilter({ source })}
          style={{ width: 140 }}
          options={(['all', 'system', 'custom'] as const).map((v) => ({ value: v, label: t(`library.source.${v}`) }))}
          data-testid={`${kind}-source`}
        />
        <Select
          value={list.filter.enabled}
          onChange={(enabled) => list.setFilter({ enabled })}
          style={{ width: 140 }}
          options={(['all', 'enabled', 'disabled'] as const).map((v) => ({ value: v, label: t(`library.enabledFilter.${v}`) }))}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true })} data-testid={`${kind}-add`}>
          {kind === 'module' ? t('library.actions.addModule') : t('library.actions.addInverter')}
        </Button>
      </Space>
      <Table<Row>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.rows}
        columns={[...common, ...specific, ...tail]}
        pagination={{ current: list.page, pageSize: LIBRARY_PAGE_SIZE, total: list.total, onChange: list.setPage, showSizeChanger: false }}
        data-testid={`${kind}-table`}
      />
      <EquipmentDetailDrawer kind={kind} id={detailId} onClose={() => setDetailId(null)} />
      {kind === 'module' ? (
        <ModuleFormModal {...formProps} initial={form.open ? (form.initial as LibraryFormInitial<PvModuleIn> | undefined) : undefined} />
      ) : (
        <InverterFormModal {...formProps} initial={form.open ? (form.initial as LibraryFormInitial<InverterIn> | undefined) : undefined} />
      )}
    </div>
  );
}
