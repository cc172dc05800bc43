// /home/shareProject: a shared project, open without sign-in (spec 000 §6, 001 §1); a copyable link
// lets a signed-in visitor copy it into their account.
import { Button, Flex, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SharedProjectCard } from '../../components/SharedProjectCard.tsx';
import { useSharedProject } from '../../hooks/useSharedProject.ts';

export function SharedProjectPage() {
  const { t } = useTranslation();
  const s = useSharedProject();
  if (s.failed) return <Result status="warning" title={t('share.unavailable')} subTitle={t('share.unavailableText')} />;
  if (!s.shared) return <Spin />;
  return (
    <div data-testid="shared-project-page">
      <SharedProjectCard shared={s.shared} />
      {s.shared.copyable && (
        <Flex justify="flex-end" gap={12} align="center" style={{ marginTop: 16 }}>
          {!s.canCopy && <Typography.Text type="secondary">{t('share.copySignIn')}</Typography.Text>}
          <Button type="primary" disabled={!s.canCopy} onClick={() => void s.copy()} data-testid="copy-shared">
            {t('share.copy')}
          </Button>
        </Flex>
      )}
    </div>
  );
}
