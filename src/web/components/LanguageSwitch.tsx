// 中文 / English: switches i18next and keeps the choice in local storage (`language`).
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/index.ts';
import type { Language } from '../i18n/language.ts';

export function LanguageSwitch() {
  const { i18n } = useTranslation();
  return (
    <Segmented<Language>
      size="small"
      data-testid="language-switch"
      value={i18n.language === 'en' ? 'en' : 'zh'}
      options={[
        { label: '中文', value: 'zh' },
        { label: 'EN', value: 'en' },
      ]}
      onChange={(v) => void changeLanguage(v)}
    />
  );
}
