// Step 1, Information (spec 000 §2, §3, §5): name, company, description, plant and survey type,
// operation mode, grid type, maximum capacity, address (search on the server — online geocoder or
// offline gazetteer — or map pick → 'lon,lat'); then the weather (source, sums, horizon — once the
// project is saved with a location). Save, then Next.
import { AutoComplete, Button, Card, Col, Flex, Form, Input, InputNumber, Radio, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field.tsx';
import { WorldMap } from '../../components/WorldMap.tsx';
import { WeatherSection } from '../../components/weather/WeatherSection.tsx';
import { GRID_TYPES, OPERATION_MODES, POWER_STATION_TYPES, SURVEY_TYPES } from '../../forms/project-info.ts';
import { useInformationStep } from '../../hooks/useInformationStep.ts';

export function InformationStep() {
  const { t } = useTranslation();
  const s = useInformationStep();
  const c = s.form.control;
  return (
    <Flex vertical gap={20} data-testid="information-step">
      <Form layout="vertical" onFinish={() => void s.submit()}>
        <Row gutter={[20, 20]}>
          <Col xs={24} xl={12}>
            <Card title={t('setting.info.basic')}>
              <Field control={c} name="name" label={t('project.field.name')} required render={(f) => <Input {...f} maxLength={100} data-testid="project-name-input" />} />
              <Field control={c} name="company" label={t('project.field.company')} render={(f) => <Input {...f} maxLength={100} />} />
              <Field control={c} name="powerStationType" label={t('project.field.powerStationType')} required render={(f) => (
                <Radio.Group {...f} optionType="button" options={POWER_STATION_TYPES.map((v) => ({ value: v, label: t(`project.type.${v}`) }))} />
              )} />
              <Field control={c} name="surveyType" label={t('project.field.surveyType')} required render={(f) => (
                <Radio.Group {...f} optionType="button" options={SURVEY_TYPES.map((v) => ({ value: v, label: t(`project.survey.${v}`) }))} />
              )} />
              <Field control={c} name="operationMode" label={t('project.field.operationMode')} required render={(f) => (
                <Select {...f} data-testid="operation-mode" options={OPERATION_MODES.map((v) => ({ value: v, label: t(`project.mode.${v}`) }))} />
              )} />
              <Field control={c} name="gridType" label={t('project.field.gridType')} required render={(f) => (
                <Radio.Group {...f} optionType="button" options={GRID_TYPES.map((v) => ({ value: v, label: v }))} />
              )} />
              <Field control={c} name="maxCapacity" label={t('project.field.maxCapacity')} render={(f) => (
                <InputNumber {...f} min={0} max={999999} style={{ width: '100%' }} suffix="kW" />
              )} />
              <Field control={c} name="description" label={t('project.field.description')} render={(f) => <Input.TextArea {...f} rows={3} maxLength={500} />} />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card title={t('setting.info.site')}>
              <Field control={c} name="address" label={t('project.field.address')} required extra={s.notice ? t(s.notice) : undefined} render={(f) => (
                <AutoComplete
                  value={f.value}
                  onChange={(v: string) => f.onChange(v)}
                  onBlur={f.onBlur}
                  onSearch={s.search}
                  onSelect={(_: string, o: { index: number }) => s.choosePlace(s.results[o.index])}
                  options={s.results.map((p, index) => ({ value: `${p.address} #${index}`, label: `${p.address} (${p.lng.toFixed(2)}, ${p.lat.toFixed(2)})`, index }))}
                  notFoundContent={s.searching ? t('places.searching') : undefined}
                  placeholder={t('setting.info.searchPlaceholder')}
                  data-testid="address-input"
                  data-ready="true"
                />
              )} />
              <Field control={c} name="location" label={t('project.field.location')} required extra={t('setting.info.locationHint')} render={(f) => <Input {...f} placeholder="121.473700,31.230400" data-testid="location-input" />} />
              <WorldMap width={560} height={280} picked={s.picked} onPick={s.pickOnMap} />
            </Card>
          </Col>
        </Row>
      </Form>
      <WeatherSection project={s.project} location={s.location} />
      <Flex gap={12} justify="flex-end">
        {!s.saved && <Typography.Text type="secondary">{t('setting.info.saveFirst')}</Typography.Text>}
        <Button type="primary" onClick={() => void s.submit()} data-testid="save-information">
          {t('common.save')}
        </Button>
        <Button disabled={!s.saved} onClick={s.next} data-testid="next-step">
          {t('common.next')}
        </Button>
      </Flex>
    </Flex>
  );
}
