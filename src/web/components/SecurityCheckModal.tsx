// The security check dialog: slider puzzle (default) or graphic captcha.
import { ArrowRightOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Modal, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGraphicCaptcha } from '../hooks/useGraphicCaptcha.ts';
import type { SecurityCheck } from '../hooks/useSecurityCheck.ts';
import { useSliderPuzzle } from '../hooks/useSliderPuzzle.ts';

function SliderTab({ check }: { check: SecurityCheck }) {
  const { t } = useTranslation();
  const p = useSliderPuzzle(check.open, (ticket) => check.resolve(ticket));
  const c = p.challenge;
  if (!c) return <Spin />;
  return (
    <div style={{ width: c.width }}>
      <div className="pv-slider-stage" data-testid="slider-stage" data-challenge-id={c.id} style={{ width: c.width, height: c.height }}>
        <img src={c.background} width={c.width} height={c.height} alt="" draggable={false} />
        <img src={c.piece} alt="" draggable={false} style={{ position: 'absolute', top: 0, left: p.x, height: c.height }} />
      </div>
      <div className="pv-slider-track" style={{ width: c.width }}>
        <Typography.Text type={p.failed ? 'danger' : 'secondary'} style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', fontSize: 12 }}>
          {p.failed ? t('auth.security.failed') : t('auth.security.drag')}
        </Typography.Text>
        <div
          className="pv-slider-handle"
          data-testid="slider-handle"
          style={{ left: p.x }}
          onPointerDown={p.onPointerDown}
          onPointerMove={p.onPointerMove}
          onPointerUp={p.onPointerUp}
        >
          <ArrowRightOutlined />
        </div>
      </div>
      <Button type="link" size="small" icon={<ReloadOutlined />} onClick={p.reload} style={{ paddingInline: 0, marginTop: 6 }}>
        {t('auth.security.reload')}
      </Button>
    </div>
  );
}

function CaptchaTab({ check }: { check: SecurityCheck }) {
  const { t } = useTranslation();
  const c = useGraphicCaptcha(check.open);
  const [text, setText] = useState('');
  const [wrong, setWrong] = useState(false);
  const submit = async () => {
    const ticket = await c.answer(text);
    setText('');
    setWrong(!ticket);
    if (ticket) check.resolve(ticket);
  };
  return (
    <Flex vertical gap={8} style={{ width: 320 }}>
      <Flex gap={8} align="center">
        <Input data-testid="captcha-input" value={text} maxLength={8} placeholder={t('auth.security.captchaPlaceholder')} onChange={(e) => setText(e.target.value)} onPressEnter={() => void submit()} />
        {c.img ? <img src={c.img} alt={t('auth.security.captchaAlt')} height={40} style={{ cursor: 'pointer' }} onClick={c.reload} /> : <Spin />}
      </Flex>
      {wrong && <Typography.Text type="danger">{t('auth.security.captchaWrong')}</Typography.Text>}
      <Button type="primary" disabled={!text.trim()} onClick={() => void submit()}>
        {t('common.confirm')}
      </Button>
    </Flex>
  );
}

export function SecurityCheckModal({ check }: { check: SecurityCheck }) {
  const { t } = useTranslation();
  return (
    <Modal open={check.open} title={t('auth.security.title')} footer={null} onCancel={() => check.resolve(null)} destroyOnHidden width={380}>
      <Tabs
        items={[
          { key: 'slider', label: t('auth.security.slider'), children: <SliderTab check={check} /> },
          { key: 'captcha', label: t('auth.security.captcha'), children: <CaptchaTab check={check} /> },
        ]}
      />
    </Modal>
  );
}
