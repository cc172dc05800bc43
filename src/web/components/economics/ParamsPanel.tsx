// The Economy step's economic parameters (spec 000 §3 "Economic parameters": life, discount rate,
// depreciation, residual rate, installed price, VAT, income tax, subsidy, O&M cost, surcharge, stamp
// duty; docs/ECONOMICS.md: O&M escalation, PV degradation) in the spec's units (spec 001 §9: yuan/W,
// yuan/kWh, yuan/kW/year, %, years), and the finance and tax of the advanced report (the 50 % VAT
// refund, the income-tax holiday, the loan, the grid emission factor).
import { Col, Input, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { EconomyDocuments, EconomyFormValues } from './economy-form.ts';
import { FormField, NumberField } from './FormFields.tsx';

type Form = UseFormReturn<EconomyFormValues, unknown, EconomyDocuments>;

export function ParamsPanel({ form }: { form: Form }) {
  const { t } = useTranslation();
  const c = form.control;
  const u = (k: 'yuanPerW' | 'yuanPerKwh' | 'yuanPerKwYear' | 'percent' | 'percentPerYear' | 'years') => t(`economics.unit.${k}`);
  return (
    <Row gutter={12} data-testid="params-panel">
      <Col xs={12} xl={8}>
        <NumberField control={c} name="economic.pricePerW" label={t('economics.params.pricePerW')} unit={u('yuanPerW')} required testId="param-price-per-w" />
      </Col>
      <Col xs={12} xl={8}>
        <NumberField control={c} name="economic.lifeYears" label={t('economics.params.life')} unit={u('years')} required testId="param-life" />
      </Col>
      <Col xs={12} xl={8}>
        <NumberField control={c} name="economic.discountRatePct" label={t('economics.params.discountRate')} unit={u('percent')} required testId="param-discount-rate" />
      </Col>
      <Col xs={12} xl={8}>
        <NumberField control={c} name="economic.depreciationYears" label={t('economics.params.depreciationYears')} unit={u('years')} required testId="param-depreciation-years" />
      </Col>
      <Col xs={12} xl={8}>
        <NumberField control={c} name="economic.residualPct" label={t('economics.params.residual')} unit={u('percent')} required testId="param-residual" />
      </Col>
      <Col xs={12} xl={8}>
        <NumberField control={c} name="economic.vatPct" label={t('economics.params.vat')} unit={u('percent')} required testId="param-vat" />
      </Col>
      <Col xs={12} xl={8}>
        <NumberField control={c} name="economic.incomeTaxPct" label={t('economics.params.incomeTax')} unit={u('percent')} required testId="param-income-tax" />
      </Col>
      <Col xs={12} xl={8}>
        <NumberField control={c} name="economic.surchargePct" label={t('economics.params.surcharge')} unit={u('percent')} required extra={t('economics.params.surchargeHint')} testId="param-surcharge" />
      </Col>
      <Col xs={12} xl={8}>
        <NumberField control={c} name="economic.stampDutyPct" label={t('economics.params.stampDuty')} unit={u('percent')} required testId="param-stamp-duty" />
      </Col>
      <Col xs={12} xl={8}>
        <NumberField control={c} name="economic.subsidyPerKwh" label={t('economics.params.subsidy')} unit={u('yuanPerKwh')} testId="param-subsidy" />
      </Col>
      <Col xs={12} xl={8}>
        <NumberField control={c} name="economic.subsidyYears" label={t('economics.params.subsidyYears')} unit={u('years')} testId="param-subsidy-years" />
      </Col>
      <Col xs={12} xl={8}>
        <NumberField control={c} name="economic.omPerKw" label={t('economics.params.om')} unit={u('yuanPerKwYear')} required testId="param-om" />
      </Col>
      <Col xs={12} xl={8}>
        <NumberField control={c} name="economic.omEscalationPct" label={t('economics.params.omEscalation')} unit={u('percentPerYear')} testId="param-om-escalation" />
      </Col>
      <Col xs={12} xl={8}>
        <NumberField control={c} name="economic.degradationPct" label={t('economics.params.degradation')} unit={u('percentPerYear')} required testId="param-degradation" />
      </Col>
    </Row>
  );
}

export function FinancePanel({ form }: { form: Form }) {
  const { t } = useTranslation();
  const c = form.control;
  const loan = useWatch({ control: c, name: 'advanced.loanEnabled' });
  return (
    <Row gutter={12} data-testid="finance-panel">
      <Col xs={12}>
        <FormField control={c} name="advanced.vatRefund" label={t('economics.params.vatRefund')} extra={t('economics.params.vatRefundHint')} render={(f) => <Switch checked={f.value} onChange={f.onChange} data-testid="param-vat-refund" />} />
      </Col>
      <Col xs={12}>
        <FormField control={c} name="advanced.taxHoliday" label={t('economics.params.taxHoliday')} extra={t('economics.params.taxHolidayHint')} render={(f) => <Input {...f} maxLength={5} data-testid="param-tax-holiday" />} />
      </Col>
      <Col xs={24}>
        <FormField control={c} name="advanced.loanEnabled" label={t('economics.params.loan')} render={(f) => <Switch checked={f.value} onChange={f.onChange} data-testid="param-loan" />} />
      </Col>
      {loan && (
        <>
          <Col xs={8}>
            <NumberField control={c} name="advanced.loan.ratioPct" label={t('economics.params.loanRatio')} unit={t('economics.unit.percent')} required testId="param-loan-ratio" />
          </Col>
          <Col xs={8}>
            <NumberField control={c} name="advanced.loan.ratePct" label={t('economics.params.loanRate')} unit={t('economics.unit.percent')} required testId="param-loan-rate" />
          </Col>
          <Col xs={8}>
            <NumberField control={c} name="advanced.loan.years" label={t('economics.params.loanYears')} unit={t('economics.unit.years')} required testId="param-loan-years" />
          </Col>
        </>
      )}
      <Col xs={12}>
        <NumberField control={c} name="advanced.emissionFactor" label={t('economics.params.emissionFactor')} unit={t('economics.unit.tPerMwh')} required extra={t('economics.params.emissionFactorHint')} testId="param-emission-factor" />
      </Col>
    </Row>
  );
}
