// The custom PV module dialog (spec 001 §3 "Custom PV module", §5 rules, §8 messages): every field of
// the spec in groups, validated with the shared module schema (0–999999, rated power required, exit
// year after entry year, Vmp < Voc …) with the messages under the fields in zh or en; a PVsyst .PAN
// import that fills the form; the module's I–V and P–V curves from the values as typed. Saves as a new
// custom entry, or updates the one being edited (or the one the import created).
import { Button, Collapse, Form, Modal, Space, Typography } from 'antd';
import { useDeferredValue, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PvModule, PvModuleIn } from '../../../model/equipment-module.ts';
import { addModule, getModule, updateModule } from '../../api/library.ts';
import { useLibraryForm, type LibraryFormInitial } from '../../hooks/useLibraryForm.ts';
import { useLibraryManufacturers } from '../../hooks/useLibraryManufacturers.ts';
import { cleanFormValues, moduleResolver, NEW_MODULE } from '../../library/form-values.ts';
import { curveInputOf } from '../../library/module-curves.ts';
import { FieldGroup } from './LibraryFields.tsx';
import { MODULE_GROUPS, moduleFieldRequired } from './module-fields.ts';
import { ModuleCurves } from './ModuleCurves.tsx';
import { PvsystImport } from './PvsystImport.tsx';

export interface ModuleFormModalProps {
  open: boolean;
  onClose(): void;
  /** Called with the entry's library id once it is saved (the dialog then closes). */
  onSaved(libraryId: number): void;
  /** An entry to edit (`id`), or values to start a new custom module from (a copy of a system one). */
  initial?: LibraryFormInitial<PvModuleIn>;
}

const loadModule = async (id: number): Promise<Partial<PvModuleIn>> => (await getModule(id)).module;

export function ModuleFormModal({ open, onClose, onSaved, initial }: ModuleFormModalProps) {
  const { t } = useTranslation();
  const makers = useLibraryManufacturers('module', open);
  const f = useLibraryForm<PvModuleIn, PvModule>({
    kind: 'module',
    open,
    initial,
    defaults: NEW_MODULE,
    resolver: moduleResolver,
    add: addModule,
    update: updateModule,
    load: loadModule,
    onSaved,
    onClose,
  });
  const { control } = f.form;
  const values = useWatch({ control });
  // the curves follow the values as typed, once the fields they need are valid
  const curveKey = JSON.stringify(curveInputOf(cleanFormValues(values)));
  const curveInput = useMemo(() => JSON.parse(curveKey) as ReturnType<typeof curveInputOf>, [curveKey]);
  const deferred = useDeferredValue(curveInput);
  const group = { control, prefix: 'module' as const, manufacturers: makers.names, isRequired: moduleFieldRequired };
  const datasheet = values.datasheet?.document;

  return (
    <Modal
      open={open}
      title={f.editingId === undefined ? t('library.form.addModule') : t('library.form.editModule')}
      onCancel={onClose}
      width={1040}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={f.saving} onClick={() => void f.submit()} data-testid="module-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <div data-testid="module-form">
        <PvsystImport kind="module" state={f.imported} onFile={(file) => void f.importFile(file)} />
        <Form layout="vertical" component={false}>
          <FieldGroup {...group} title={t('library.sections.basic')} fields={MODULE_GROUPS.basic} isDisabled={(name) => name === 'bifaciality' && values.bifacial !== true} />
          <FieldGroup {...group} title={t('library.sections.stc')} fields={MODULE_GROUPS.stc} />
          <FieldGroup {...group} title={t('library.sections.temperature')} fields={MODULE_GROUPS.temperature} />
          <FieldGroup {...group} title={t('library.sections.model')} hint={t('library.sections.modelHint')} fields={MODULE_GROUPS.model} />
          <FieldGroup {...group} title={t('library.sections.lifetime')} fields={MODULE_GROUPS.lifetime} />
        </Form>
        {datasheet && (
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {t('library.module.datasheet')}: {datasheet}
          </Typography.Paragraph>
        )}
        <Collapse
          destroyOnHidden
          items={[{ key: 'curves', label: t('library.sections.curves'), children: <ModuleCurves module={deferred} testId="module-form-curves" /> }]}
          data-testid="module-form-curves-panel"
        />
      </div>
    </Modal>
  );
}
