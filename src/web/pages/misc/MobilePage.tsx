// /mobile, /home/mobile: the design tool needs a desktop browser (spec 001 §1: Chrome 79 or Firefox
// ESR 68 or later, 1920×1080).
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export function MobilePage() {
  const { t } = useTranslation();
  return <Result status="info" title={t('mobile.title')} subTitle={t('mobile.text')} />;
}
