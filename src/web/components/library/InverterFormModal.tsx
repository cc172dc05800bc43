// The custom inverter dialog (spec 001 §3 "Custom inverter", §5 rules, §8 messages): every field of
// the spec in groups, validated with the shared inverter schema (0–999999, exit year after entry year,
// MPPT range within the DC range …) with the messages under the fields in zh or en; the efficiency
// curves at Vmin, Vnom and Vmax; a PVsyst .OND import that fills the form; the efficiency chart from the
// values as typed. Saves as a new custom entry, or updates the one being edited (or imported).
// The Electrical step opens it with { open, onClose, onSaved } to add an inverter while designing.
// The dialog itself (saving, import, datasheet, curves panel) is LibraryEntryFormModal.tsx, shared
// with the module's.
import { useTranslation } from 'react-i18next';
import type { Inverter, InverterIn } from '../../../model/equipment-inverter.ts';
import { addInverter, getInverter, updateInverter } from '../../api/library.ts';
import { inverterResolver, NEW_INVERTER } from '../../library/form-values.ts';
import { plotInputOf } from '../../library/inverter-curves.ts';
import { EfficiencyCurvesEditor } from './EfficiencyCurvesEditor.tsx';
import { InverterCurves } from './InverterCurves.tsx';
import { LibraryEntryFormModal, type LibraryEntryFormProps, type LibraryEntryKind, type LibraryFieldGroupBase } from './LibraryEntryFormModal.tsx';
import { FieldGroup } from './LibraryFields.tsx';
import { INVERTER_GROUPS, inverterFieldRequired } from './inverter-fields.ts';

export type InverterFormModalProps = LibraryEntryFormProps<InverterIn, Inverter>;

function InverterFields({ group, values }: { group: LibraryFieldGroupBase<InverterIn>; values: Partial<InverterIn> }) {
  const { t } = useTranslation();
  return (
    <>
      <FieldGroup {...group} title={t('library.sections.basic')} fields={INVERTER_GROUPS.basic} />
      <FieldGroup {...group} title={t('library.sections.ac')} fields={INVERTER_GROUPS.ac} />
      <FieldGroup {...group} title={t('library.sections.dc')} fields={INVERTER_GROUPS.dc} />
      <FieldGroup {...group} title={t('library.sections.efficiency')} fields={INVERTER_GROUPS.efficiency}>
        {values.hasEfficiencyCurve === true && <EfficiencyCurvesEditor control={group.control} />}
      </FieldGroup>
      <FieldGroup {...group} title={t('library.sections.size')} fields={INVERTER_GROUPS.size} />
      <FieldGroup {...group} title={t('library.sections.market')} fields={INVERTER_GROUPS.market} />
    </>
  );
}

const INVERTER_ENTRY: LibraryEntryKind<InverterIn, Inverter, ReturnType<typeof plotInputOf>> = {
  kind: 'inverter',
  defaults: NEW_INVERTER,
  resolver: inverterResolver,
  add: addInverter,
  update: updateInverter,
  load: async (id) => (await getInverter(id)).inverter,
  isRequired: inverterFieldRequired,
  titles: { add: 'library.form.addInverter', edit: 'library.form.editInverter' },
  datasheetLabel: 'library.inverter.datasheet',
  curveInputOf: plotInputOf,
  fields: (group, values) => <InverterFields group={group} values={values} />,
  curves: (input) => <InverterCurves inverter={input} testId="inverter-form-curves" />,
};

export function InverterFormModal(props: InverterFormModalProps) {
  return <LibraryEntryFormModal {...props} entry={INVERTER_ENTRY} />;
}
