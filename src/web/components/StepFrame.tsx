// The frame of a design step whose editor comes with a later issue: title, what the step will do,
// what it needs, and the previous / next buttons (through the wizard machine, so gating applies).
import { Button, Card, Flex, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StepName } from '../app/paths.ts';
import { useWizard } from '../hooks/wizard-context.ts';

export interface StepFrameProps {
  step: StepName;
  title: ReactNode;
  text: ReactNode;
  previous?: StepName;
  next?: StepName;
  children?: ReactNode;
}

export function StepFrame({ step, title, text, previous, next, children }: StepFrameProps) {
  const { t } = useTranslation();
  const w = useWizard();
  return (
    <Card title={title} data-testid={`step-frame-${step}`}>
      <Result status="info" title={text} subTitle={<span data-testid="not-yet-available">{t('common.notYetAvailable')}</span>} extra={children} />
      <Flex justify="space-between">
        {previous ? <Button onClick={() => w.actor.send({ type: 'step.go', step: previous })}>{t('common.previous')}</Button> : <span />}
        {next && (
          <Button type="primary" onClick={() => w.actor.send({ type: 'step.go', step: next })} data-testid="next-step">
            {t('common.next')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}
