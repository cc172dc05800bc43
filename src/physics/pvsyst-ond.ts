// PVsyst .OND import: a `PVObject_=pvGInverter` file mapped to the library's inverter
// (model/equipment-inverter).
//
// Units of the file (PVsyst help "Grid inverter – parameters"): in the `Converter` block PNomConv,
// PMaxOUT and PMaxDC [kW], VOutConv, VMppMin, VMPPMax, VmppNom, VAbsMax [V], PSeuil [W], IMaxDC (all
// inputs together) [A], EfficMax/EfficEuro [%], VNomEff/EfficMaxV/EfficEuroV lists per curve voltage [V, %],
// ProfilPIOV1..3 / ProfilPIO efficiency profiles as points (DC input power [W], AC output power [W]);
// at the root NbMPPT, NbInputs, Night_Loss [W]; in `PVObject_Commercial` Width/Height/Depth [m] and
// Weight [kg]. Efficiency of a profile point = Pout / Pin.
import { inverterSchema, type EfficiencyCurve, type Inverter, type InverterIn } from '../model/equipment-inverter.ts';
import { PvsystFileError, PvsystReader, parsePvsystText, schemaError, type PvsystInput } from './pvsyst-text.ts';

const COMMERCIAL = 'PVObject_Commercial';
const CONVERTER = 'Converter';
/** Nominal AC power from which an imported inverter is classed as central rather than string [W]. */
export const CENTRAL_INVERTER_FROM_W = 500_000;

/** Options of the import. */
export interface OndImportOptions {
  /** The uploaded file's name, kept as the entry's datasheet reference. */
  fileName?: string;
}

/**
 * The efficiency curves of the `Converter` block: `ProfilPIOV1..3` at the voltages `VNomEff` (else
 * VMppMin, VmppNom, VMPPMax), or a single `ProfilPIO` at VmppNom. Points past `NPtsEff` are dropped.
 */
function efficiencyCurves(r: PvsystReader, vMin: number, vNom: number | undefined, vMax: number): EfficiencyCurve[] {
  const toCurve = (dcVoltage: number, pts: Array<[number, number]>): EfficiencyCurve => ({
    dcVoltage,
    points: pts
      .filter(([pin]) => pin > 0)
      .map(([pin, pout]) => ({ dcPower: pin, efficiency: Math.max(0, Math.min(100, (pout / pin) * 100)) })),
  });
  const voltages = r.numberList(`${CONVERTER}.VNomEff`);
  const fallback = [vMin, vNom ?? (vMin + vMax) / 2, vMax];
  const curves: EfficiencyCurve[] = [];
  for (let k = 1; k <= 3; k++) {
    const pts = r.profile(`${CONVERTER}.ProfilPIOV${k}`);
    if (pts === undefined || pts.length === 0) continue;
    curves.push(toCurve(voltages?.[k - 1] ?? fallback[k - 1], pts));
  }
  if (curves.length === 0) {
    const single = r.profile(`${CONVERTER}.ProfilPIO`);
    if (single !== undefined && single.length > 0) curves.push(toCurve(vNom ?? (vMin + vMax) / 2, single));
  }
  return curves.filter((c) => c.points.length >= 2);
}

/**
 * Reads a PVsyst .OND file into a library inverter.
 * Mandatory: Manufacturer, Model (PVObject_Commercial); in `Converter`: PNomConv, VOutConv, VMppMin,
 * VMPPMax, VAbsMax, EfficMax, IMaxDC (or IDCMax).
 * @param input the file's text or bytes
 * @param options file name for the datasheet reference
 * @returns the inverter, validated by `inverterSchema`
 * @throws PvsystFileError NOT_TEXT / NOT_PVSYST (not a PVsyst text file), WRONG_OBJECT (a .PAN or
 *   other object), MISSING_FIELDS (names them), INVALID_VALUES (values that fail the library rules)
 */
export function parseOnd(input: PvsystInput, options: OndImportOptions = {}): Inverter {
  const root = parsePvsystText(input);
  if (root.type !== 'pvGInverter') {
    throw new PvsystFileError('WRONG_OBJECT', `Please select a standard OND file: this file holds a "${root.type}", not a grid inverter (pvGInverter)`);
  }
  const r = new PvsystReader(root);
  const manufacturer = r.requireText(`${COMMERCIAL}.Manufacturer`);
  const model = r.requireText(`${COMMERCIAL}.Model`);
  const pNomKw = r.requireNumber(`${CONVERTER}.PNomConv`);
  const vOut = r.requireNumber(`${CONVERTER}.VOutConv`);
  const vMppMin = r.requireNumber(`${CONVERTER}.VMppMin`);
  const vMppMax = r.requireNumber(`${CONVERTER}.VMPPMax`);
  const vAbsMax = r.requireNumber(`${CONVERTER}.VAbsMax`);
  const efficMax = r.requireNumber(`${CONVERTER}.EfficMax`);
  const iMaxDcTotal = positive(r.number(`${CONVERTER}.IMaxDC`)) ?? positive(r.number(`${CONVERTER}.IDCMax`));
  if (iMaxDcTotal === undefined && !r.invalid.some((p) => p.endsWith('IMaxDC') || p.endsWith('IDCMax'))) {
    r.missing.push(`${CONVERTER}.IMaxDC`);
  }
  const pMaxOutKw = positive(r.number(`${CONVERTER}.PMaxOUT`));
  const pMaxDcKw = positive(r.number(`${CONVERTER}.PMaxDC`));
  const vMppNom = positive(r.number(`${CONVERTER}.VmppNom`));
  const pSeuil = r.number(`${CONVERTER}.PSeuil`);
  // EfficEuro is 0 in files that give the European efficiency per voltage only (EfficEuroV): take the best.
  const euroByVoltage = r.numberList(`${CONVERTER}.EfficEuroV`)?.filter((e) => e > 0);
  const efficEuro =
    positive(r.number(`${CONVERTER}.EfficEuro`)) ??
    (euroByVoltage !== undefined && euroByVoltage.length > 0 ? Math.max(...euroByVoltage) : undefined);
  const efficCec = positive(r.number(`${CONVERTER}.EfficCEC`));
  const monoTri = r.text(`${CONVERTER}.MonoTri`);
  const nbMppt = positive(r.number('NbMPPT')) ?? 1;
  const nbInputs = positive(r.number('NbInputs'));
  const nightLoss = r.number('Night_Loss');
  const widthM = positive(r.number(`${COMMERCIAL}.Width`));
  const heightM = positive(r.number(`${COMMERCIAL}.Height`));
  const depthM = positive(r.number(`${COMMERCIAL}.Depth`));
  const weight = positive(r.number(`${COMMERCIAL}.Weight`));
  const yearBeg = r.number(`${COMMERCIAL}.YearBeg`);
  const yearEnd = r.number(`${COMMERCIAL}.YearEnd`);
  const curves = efficiencyCurves(r, vMppMin, vMppNom, vMppMax);
  r.assertComplete('.OND');

  const ratedAcPower = pNomKw * 1000;
  const mm = (m: number | undefined): number | undefined => (m === undefined ? undefined : Math.round(m * 1e6) / 1e3);
  const entry: InverterIn = {
    manufacturer,
    model,
    inverterType: ratedAcPower >= CENTRAL_INVERTER_FROM_W ? 'central' : 'string',
    ratedAcPower,
    maxAcPower: pMaxOutKw === undefined ? undefined : pMaxOutKw * 1000,
    ratedAcVoltage: vOut,
    acPhases: monoTri === 'Tri' ? 3 : monoTri === 'Mono' ? 1 : undefined,
    startupPower: pSeuil,
    maxDcPower: pMaxDcKw === undefined ? undefined : pMaxDcKw * 1000,
    nightConsumption: nightLoss,
    mpptMinVoltage: vMppMin,
    mpptMaxVoltage: vMppMax,
    ratedDcVoltage: vMppNom,
    maxDcVoltage: vAbsMax,
    mpptCount: nbMppt,
    stringsPerMppt: Math.ceil((nbInputs ?? nbMppt) / nbMppt),
    maxStrings: nbInputs,
    maxInputCurrentPerMppt: (iMaxDcTotal ?? Number.NaN) / nbMppt,
    maxEfficiency: efficMax,
    euroEfficiency: efficEuro,
    cecEfficiency: efficCec,
    hasEfficiencyCurve: curves.length > 0,
    efficiencyCurves: curves.length > 0 ? curves : undefined,
    width: mm(widthM),
    height: mm(heightM),
    depth: mm(depthM),
    weight,
    marketEntryYear: yearBeg,
    marketExitYear: yearEnd,
    datasheet: {
      document: options.fileName ?? `${manufacturer} ${model} (PVsyst .OND)`,
      version:
        [r.text('Version') && `PVsyst ${r.text('Version')}`, r.text(`${COMMERCIAL}.DataSource`)]
          .filter((s): s is string => typeof s === 'string' && s !== '')
          .join(', ') || undefined,
    },
  };
  const parsed = inverterSchema.safeParse(entry);
  if (!parsed.success) throw schemaError('.OND', parsed.error.issues);
  return parsed.data;
}

/** The value when it is a positive number (PVsyst writes 0 for "not given"), else undefined. */
function positive(x: number | undefined): number | undefined {
  return x !== undefined && x > 0 ? x : undefined;
}
