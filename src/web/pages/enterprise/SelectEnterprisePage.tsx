// /enterprise/selectEnterprise, the organisation chooser (spec 000 §2, 001 §2; the header's "switch
// organisation"): each organisation of the user with its company ID, the user's role and logo; the
// one in use marked; choosing one enters it; the personal edition leaves enterprise mode.
import { Avatar, Button, Card, Empty, Flex, List, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnterpriseChoice } from '../../hooks/useEnterpriseChoice.ts';

export function SelectEnterprisePage() {
  const { t } = useTranslation();
  const c = useEnterpriseChoice();
  return (
    <Flex justify="center">
      <Card
        title={t('enterprise.select.title')}
        style={{ width: 720, maxWidth: '100%' }}
        data-testid="select-enterprise-page"
        extra={
          <Button onClick={c.personal} data-testid="use-personal">
            {t('enterprise.select.personal')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('enterprise.select.hint')}</Typography.Paragraph>
        {c.list === null ? (
          <Spin />
        ) : c.list.length === 0 ? (
          <Empty description={t('enterprise.noRights.text')} />
        ) : (
          <List
            dataSource={c.list}
            renderItem={(e) => (
              <List.Item
                data-testid={`enterprise-choice-${e.enterpriseId}`}
                actions={[
                  <Button key="enter" type="primary" loading={c.busy === e.enterpriseId} onClick={() => void c.choose(e)} data-testid={`choose-enterprise-${e.enterpriseId}`}>
                    {t('enterprise.select.enter')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  avatar={e.logoUrl ? <img src={e.logoUrl} alt="" width={85} height={20} style={{ objectFit: 'contain' }} /> : <Avatar>{e.name.slice(0, 1)}</Avatar>}
                  title={
                    <Space>
                      {e.name}
                      {c.current === String(e.enterpriseId) && <Tag color="blue">{t('enterprise.select.current')}</Tag>}
                    </Space>
                  }
                  description={
                    <Space>
                      {t('enterprise.select.code', { code: e.code })}
                      <Tag>{t(`enterprise.roles.${e.role}`)}</Tag>
                    </Space>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </Card>
    </Flex>
  );
}
