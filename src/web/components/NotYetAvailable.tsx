// A section whose pages belong to a later issue: says so plainly (docs/PRODUCT.md: nothing pretends).
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function NotYetAvailable({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  return <Result status="info" title={title} subTitle={<span data-testid="not-yet-available">{t('common.notYetAvailable')}</span>} extra={extra} />;
}
