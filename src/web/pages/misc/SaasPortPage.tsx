// /home/saasPort: the SaaS interface service page (spec 001 §2): what the API offers and where its
// description is (the server's OpenAPI document at /api/docs).
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function SaasPortPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('saas.title')}>
      <Typography.Paragraph>{t('saas.text')}</Typography.Paragraph>
      <Typography.Link href="/api/docs" target="_blank">
        {t('saas.docs')}
      </Typography.Link>
    </Card>
  );
}
