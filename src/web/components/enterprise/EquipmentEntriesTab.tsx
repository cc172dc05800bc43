// The organisation's module or inverter library (spec 001 §2 "Equipment information … with enable and
// disable and source (system or enterprise)"; §3 custom PV module / inverter fields; §4 'Status Updated
// Successfully'): the search, source and status filters, the table of system and own entries; the
// details with the curves; administrators switch entries on or off for the organisation, add own
// entries (the library's forms, saving to the organisation), edit and delete them.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Input, Popconfirm, Select, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InverterIn } from '../../../model/equipment-inverter.ts';
import type { PvModuleIn } from '../../../model/equipment-module.ts';
import {
  addEnterpriseInverter,
  addEnterpriseModule,
  getEnterpriseInverter,
  getEnterpriseModule,
  updateEnterpriseInverter,
  updateEnterpriseModule,
  type EnterpriseInverterRow,
  type EnterpriseModuleRow,
} from '../../api/enterprise.ts';
import type { LibraryFormInitial } from '../../hooks/useLibraryForm.ts';
import { useEnterpriseEquipment, useEnterpriseManufacturerNames, type EquipmentFilter } from '../../hooks/useEnterpriseEquipment.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { InverterFormModal } from '../library/InverterFormModal.tsx';
import { ModuleFormModal } from '../library/ModuleFormModal.tsx';
import { EquipmentDetail, type EquipmentRef } from './EquipmentDetail.tsx';

type Row = EnterpriseModuleRow | EnterpriseInverterRow;
type Form = { open: false } | { open: true; initial?: LibraryFormInitial<PvModuleIn> | LibraryFormInitial<InverterIn> };

const loadModule = async (id: number): Promise<Partial<PvModuleIn>> => (await getEnterpriseModule(id, 'enterprise')).module;
const loadInverter = async (id: number): Promise<Partial<InverterIn>> => (await getEnterpriseInverter(id, 'enterprise')).inverter;

export function EquipmentEntriesTab({ kind, admin }: { kind: 'component' | 'inverter'; admin: boolean }) {
  const { t } = useTranslation();
  const list = useEnterpriseEquipment<Row>(kind);
  const [detail, setDetail] = useState<EquipmentRef | null>(null);
  const [form, setForm] = useState<Form>({ open: false });
  const [search, setSearch] = useState('');
  const makers = useEnterpriseManufacturerNames(kind === 'component' ? 'module' : 'inverter', form.open);
  const module = kind === 'component';
  const prefix = module ? 'module' : 'inverter';

  /** Opens the form on an own entry's values (edit) or any entry's (a copy as a new own one). */
  const openWith = async (r: Row, edit: boolean) => {
    try {
      const values = module ? (await getEnterpriseModule(r.id, r.source)).module : (await getEnterpriseInverter(r.id, r.source)).inverter;
      setForm({ open: true, initial: edit ? { id: r.id, values } : { values: { ...values, datasheet: undefined } } });
    } catch {
      // the client showed the error
    }
  };

  const specific: TableColumnsType<Row> = module
    ? [
        { title: t('library.columns.moduleType'), render: (_: unknown, r) => t(`library.moduleTypes.${(r as EnterpriseModuleRow).moduleType}` as MessageKey) },
        { title: t('library.columns.pmax'), render: (_: unknown, r) => (r as EnterpriseModuleRow).pmax },
        { title: t('library.columns.efficiency'), render: (_: unknown, r) => (r as EnterpriseModuleRow).efficiency },
      ]
    : [
        { title: t('library.columns.inverterType'), render: (_: unknown, r) => t(`library.inverterTypes.${(r as EnterpriseInverterRow).inverterType}` as MessageKey) },
        { title: t('library.columns.ratedAcPower'), render: (_: unknown, r) => Number(((r as EnterpriseInverterRow).ratedAcPower / 1000).toFixed(3)) },
        { title: t('library.columns.maxEfficiency'), render: (_: unknown, r) => (r as EnterpriseInverterRow).maxEfficiency },
      ];
  const columns: TableColumnsType<Row> = [
    { title: t('library.columns.manufacturer'), dataIndex: 'manufacturer' },
    { title: t('library.columns.model'), dataIndex: 'model', render: (v: string, r) => <a onClick={() => setDetail({ kind, id: r.id, source: r.source })}>{v}</a> },
    ...specific,
    { title: t('library.columns.source'), dataIndex: 'source', render: (s: Row['source']) => <Tag color={s === 'system' ? 'blue' : 'green'}>{t(`enterprise.equipment.source.${s}`)}</Tag> },
    {
      title: t('library.columns.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean, r) => <Switch size="small" checked={enabled} disabled={!admin} onChange={(v) => void list.setEnabled(r, v)} data-testid={`${prefix}-enabled-${r.source}-${r.id}`} />,
    },
    {
      title: t('library.columns.actions'),
      render: (_: unknown, r) => (
        <Space size={4} wrap>
          <Button size="small" type="link" onClick={() => setDetail({ kind, id: r.id, source: r.source })} data-testid={`${prefix}-details-${r.source}-${r.id}`}>
            {t('library.actions.details')}
          </Button>
          {admin && r.source === 'enterprise' && (
            <>
              <Button size="small" type="link" onClick={() => void openWith(r, true)} data-testid={`${prefix}-edit-${r.id}`}>
                {t('library.actions.edit')}
              </Button>
              <Popconfirm title={t('library.actions.deleteConfirm', { name: `${r.manufacturer} ${r.model}` })} okText={t('common.confirm')} cancelText={t('common.cancel')} okButtonProps={{ danger: true }} onConfirm={() => list.remove(r)}>
                <Button size="small" type="link" danger>
                  {t('library.actions.delete')}
                </Button>
              </Popconfirm>
            </>
          )}
          {admin && r.source === 'system' && (
            <Button size="small" type="link" onClick={() => void openWith(r, false)} data-testid={`${prefix}-copy-${r.id}`}>
              {t('enterprise.equipment.copy')}
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
    <div data-testid={`enterprise-${prefix}s`}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear value={search} onChange={(e) => setSearch(e.target.value)} onSearch={(keyword) => list.setFilter({ keyword })} placeholder={t('library.search')} style={{ width: 280 }} data-testid={`${prefix}-search`} />
        <Select<EquipmentFilter['source']>
          value={list.filter.source}
          onChange={(source) => list.setFilter({ source })}
          style={{ width: 160 }}
          options={(['all', 'system', 'enterprise'] as const).map((v) => ({ value: v, label: t(`enterprise.equipment.source.${v}`) }))}
          data-testid={`${prefix}-source`}
        />
        <Select<EquipmentFilter['enabled']>
          value={list.filter.enabled}
          onChange={(enabled) => list.setFilter({ enabled })}
          style={{ width: 140 }}
          options={(['all', 'enabled', 'disabled'] as const).map((v) => ({ value: v, label: t(`library.enabledFilter.${v}`) }))}
        />
        {admin && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true })} data-testid={`${prefix}-add`}>
            {module ? t('library.actions.addModule') : t('library.actions.addInverter')}
          </Button>
        )}
      </Space>
      <Table<Row>
        rowKey={(r) => `${r.source}-${r.id}`}
        size="small"
        loading={list.loading}
        dataSource={list.rows}
        columns={columns}
        pagination={{ current: list.page, pageSize: list.size, total: list.total, onChange: list.setPage, showSizeChanger: false }}
        data-testid={`enterprise-${prefix}-table`}
      />
      <EquipmentDetail entry={detail} onClose={() => setDetail(null)} />
      {module ? (
        <ModuleFormModal
          {...formProps}
          initial={form.open ? (form.initial as LibraryFormInitial<PvModuleIn> | undefined) : undefined}
          library={{ add: addEnterpriseModule, update: updateEnterpriseModule, load: loadModule, manufacturers: makers }}
        />
      ) : (
        <InverterFormModal
          {...formProps}
          initial={form.open ? (form.initial as LibraryFormInitial<InverterIn> | undefined) : undefined}
          library={{ add: addEnterpriseInverter, update: updateEnterpriseInverter, load: loadInverter, manufacturers: makers }}
        />
      )}
    </div>
  );
}
