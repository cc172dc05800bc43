// The custom inverter dialog (spec 001 §3 "Custom inverter", §5 rules, §8 messages): every field of
// the spec in groups, validated with the shared inverter schema (0–999999, exit year after entry year,
// MPPT range within the DC range …) with the messages under the fields in zh or en; the efficiency
// curves at Vmin, Vnom and Vmax; a PVsyst .OND import that fills the form; the efficiency chart from the
// values as typed. Saves as a new custom entry, or updates the one being edited (or imported).
// The Electrical step opens it with { open, onClose, onSaved } to add an inverter while designing.
import { Button, Collapse, Form, Modal, Space, Typography } from 'antd';
import { useDeferredValue, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Inverter, InverterIn } from '../../../model/equipment-inverter.ts';
import { addInverter, getInverter, updateInverter } from '../../api/library.ts';
import { useLibraryForm, type LibraryFormInitial } from '../../hooks/useLibraryForm.ts';
import { useLibraryManufacturers } from '../../hooks/useLibraryManufacturers.ts';
import { cleanFormValues, inverterResolver, NEW_INVERTER } from '../../library/form-values.ts';
import { plotInputOf } from '../../library/inverter-curves.ts';
import { EfficiencyCurvesEditor } from './EfficiencyCurvesEditor.tsx';
import { InverterCurves } from './InverterCurves.tsx';
import { FieldGroup } from './LibraryFields.tsx';
import { INVERTER_GROUPS, inverterFieldRequired } from './inverter-fields.ts';
import { PvsystImport } from './PvsystImport.tsx';

export interface InverterFormModalProps {
  open: boolean;
  onClose(): void;
  /** Called with the entry's library id once it is saved (the dialog then closes). */
  onSaved(libraryId: number): void;
  /** An entry to edit (`id`), or values to start a new custom inverter from (a copy of a system one). */
  initial?: LibraryFormInitial<InverterIn>;
}

const loadInverter = async (id: number): Promise<Partial<InverterIn>> => (await getInverter(id)).inverter;

export function InverterFormModal({ open, onClose, onSaved, initial }: InverterFormModalProps) {
  const { t } = useTranslation();
  const makers = useLibraryManufacturers('inverter', open);
  const f = useLibraryForm<InverterIn, Inverter>({
    kind: 'inverter',
    open,
    initial,
    defaults: NEW_INVERTER,
    resolver: inverterResolver,
    add: addInverter,
    update: updateInverter,
    load: loadInverter,
    onSaved,
    onClose,
  });
  const { control } = f.form;
  const values = useWatch({ control });
  const plotKey = JSON.stringify(plotInputOf(cleanFormValues(values)));
  const plotInput = useMemo(() => JSON.parse(plotKey) as ReturnType<typeof plotInputOf>, [plotKey]);
  const deferred = useDeferredValue(plotInput);
  const group = { control, prefix: 'inverter' as const, manufacturers: makers.names, isRequired: inverterFieldRequired };
  const datasheet = values.datasheet?.document;

  return (
    <Modal
      open={open}
      title={f.editingId === undefined ? t('library.form.addInverter') : t('library.form.editInverter')}
      onCancel={onClose}
      width={1040}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={f.saving} onClick={() => void f.submit()} data-testid="inverter-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <div data-testid="inverter-form">
        <PvsystImport kind="inverter" state={f.imported} onFile={(file) => void f.importFile(file)} />
        <Form layout="vertical" component={false}>
          <FieldGroup {...group} title={t('library.sections.basic')} fields={INVERTER_GROUPS.basic} />
          <FieldGroup {...group} title={t('library.sections.ac')} fields={INVERTER_GROUPS.ac} />
          <FieldGroup {...group} title={t('library.sections.dc')} fields={INVERTER_GROUPS.dc} />
          <FieldGroup {...group} title={t('library.sections.efficiency')} fields={INVERTER_GROUPS.efficiency}>
            {values.hasEfficiencyCurve === true && <EfficiencyCurvesEditor control={control} />}
          </FieldGroup>
          <FieldGroup {...group} title={t('library.sections.size')} fields={INVERTER_GROUPS.size} />
          <FieldGroup {...group} title={t('library.sections.market')} fields={INVERTER_GROUPS.market} />
        </Form>
        {datasheet && (
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {t('library.inverter.datasheet')}: {datasheet}
          </Typography.Paragraph>
        )}
        <Collapse
          destroyOnHidden
          items={[{ key: 'curves', label: t('library.sections.curves'), children: <InverterCurves inverter={deferred} testId="inverter-form-curves" /> }]}
          data-testid="inverter-form-curves-panel"
        />
      </div>
    </Modal>
  );
}
