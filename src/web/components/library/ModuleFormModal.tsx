// The custom PV module dialog (spec 001 §3 "Custom PV module", §5 rules, §8 messages): every field of
// the spec in groups, validated with the shared module schema (0–999999, rated power required, exit
// year after entry year, Vmp < Voc …) with the messages under the fields in zh or en; a PVsyst .PAN
// import that fills the form; the module's I–V and P–V curves from the values as typed. Saves as a new
// custom entry, or updates the one being edited (or the one the import created). The dialog itself
// (saving, import, datasheet, curves panel) is LibraryEntryFormModal.tsx, shared with the inverter's.
import type { PvModule, PvModuleIn } from '../../../model/equipment-module.ts';
import { addModule, getModule, updateModule } from '../../api/library.ts';
import { useTranslation } from 'react-i18next';
import { curveInputOf } from '../../library/module-curves.ts';
import { moduleResolver, NEW_MODULE } from '../../library/form-values.ts';
import { LibraryEntryFormModal, type LibraryEntryFormProps, type LibraryEntryKind, type LibraryFieldGroupBase } from './LibraryEntryFormModal.tsx';
import { FieldGroup } from './LibraryFields.tsx';
import { MODULE_GROUPS, moduleFieldRequired } from './module-fields.ts';
import { ModuleCurves } from './ModuleCurves.tsx';

export type ModuleFormModalProps = LibraryEntryFormProps<PvModuleIn, PvModule>;

function ModuleFields({ group, values }: { group: LibraryFieldGroupBase<PvModuleIn>; values: Partial<PvModuleIn> }) {
  const { t } = useTranslation();
  return (
    <>
      <FieldGroup {...group} title={t('library.sections.basic')} fields={MODULE_GROUPS.basic} isDisabled={(name) => name === 'bifaciality' && values.bifacial !== true} />
      <FieldGroup {...group} title={t('library.sections.stc')} fields={MODULE_GROUPS.stc} />
      <FieldGroup {...group} title={t('library.sections.temperature')} fields={MODULE_GROUPS.temperature} />
      <FieldGroup {...group} title={t('library.sections.model')} hint={t('library.sections.modelHint')} fields={MODULE_GROUPS.model} />
      <FieldGroup {...group} title={t('library.sections.lifetime')} fields={MODULE_GROUPS.lifetime} />
    </>
  );
}

const MODULE_ENTRY: LibraryEntryKind<PvModuleIn, PvModule, ReturnType<typeof curveInputOf>> = {
  kind: 'module',
  defaults: NEW_MODULE,
  resolver: moduleResolver,
  add: addModule,
  update: updateModule,
  load: async (id) => (await getModule(id)).module,
  isRequired: moduleFieldRequired,
  titles: { add: 'library.form.addModule', edit: 'library.form.editModule' },
  datasheetLabel: 'library.module.datasheet',
  curveInputOf,
  fields: (group, values) => <ModuleFields group={group} values={values} />,
  curves: (input) => <ModuleCurves module={input} testId="module-form-curves" />,
};

export function ModuleFormModal(props: ModuleFormModalProps) {
  return <LibraryEntryFormModal {...props} entry={MODULE_ENTRY} />;
}
