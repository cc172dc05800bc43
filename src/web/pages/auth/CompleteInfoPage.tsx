// /completeInfo, /addInformation: nickname or name, company, e-mail (spec 001 §2).
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field.tsx';
import { useCompleteInfo } from '../../hooks/useCompleteInfo.ts';

export function CompleteInfoPage() {
  const { t } = useTranslation();
  const c = useCompleteInfo();
  return (
    <div data-testid="complete-info-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('auth.complete.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('auth.complete.intro')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void c.submit()}>
        <Field control={c.form.control} name="name" label={t('auth.complete.name')} required render={(f) => <Input {...f} maxLength={50} data-testid="info-name" />} />
        <Field control={c.form.control} name="company" label={t('auth.complete.company')} render={(f) => <Input {...f} maxLength={100} data-testid="info-company" />} />
        <Field control={c.form.control} name="email" label={t('auth.email')} render={(f) => <Input {...f} maxLength={254} data-testid="info-email" />} />
        <Flex gap={8}>
          <Button onClick={c.skip} data-testid="info-skip">
            {t('common.skip')}
          </Button>
          <Button type="primary" htmlType="submit" style={{ flex: 1 }} data-testid="info-submit">
            {t('common.submit')}
          </Button>
        </Flex>
      </Form>
    </div>
  );
}
