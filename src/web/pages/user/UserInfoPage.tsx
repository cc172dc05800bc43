// /user/info (spec 001 §2 "Personal centre", §3 User, §4 Account): profile, account status (trial,
// expired, membership), bindings (phone, e-mail, WeChat), password, information completion, messages.
import { Button, Card, Descriptions, Flex, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuthType } from '../../api/user.ts';
import { ROUTES } from '../../app/paths.ts';
import { BaseMapSettings } from '../../components/BaseMapSettings.tsx';
import { BindTargetModal } from '../../components/BindTargetModal.tsx';
import { useUserInfo } from '../../hooks/useUserInfo.ts';
import { formatDate } from '../../format.ts';

export function UserInfoPage() {
  const { t } = useTranslation();
  const u = useUserInfo();
  const [editing, setEditing] = useState<string | null>(null);
  const [binding, setBinding] = useState<AuthType | null>(null);
  const d = u.detail;
  if (!d) return <Card loading />;
  const e = d.entitlements;
  const status =
    e.accountStatus === 'expired' ? (
      <Tag color="red">{t('user.info.expired')}</Tag>
    ) : e.accountStatus === 'trial' ? (
      <Tag color="blue">{t('user.info.trialUntil', { date: formatDate(e.trialEndTime) })}</Tag>
    ) : (
      <Tag color="green">{t('user.info.active')}</Tag>
    );
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="user-info-page">
      <Card title={t('user.info.title')}>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('user.info.name')}>
            {editing === null ? (
              <Flex gap={8} align="center">
                <span data-testid="user-name">{d.name ?? d.nickName ?? '—'}</span>
                <Button size="small" type="link" onClick={() => setEditing(d.name ?? '')}>
                  {t('common.edit')}
                </Button>
              </Flex>
            ) : (
              <Space.Compact>
                <Input value={editing} maxLength={50} onChange={(x) => setEditing(x.target.value)} data-testid="user-name-input" />
                <Button type="primary" disabled={!editing.trim()} onClick={() => void u.rename(editing.trim()).then((ok) => ok && setEditing(null))}>
                  {t('common.save')}
                </Button>
                <Button onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
              </Space.Compact>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('auth.complete.company')}>{d.company ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('user.info.status')}>{status}</Descriptions.Item>
          <Descriptions.Item label={t('user.info.membership')}>
            {e.membership.isExpired ? t('user.info.membershipNone') : e.membership.expiredDate ? t('user.info.membershipUntil', { date: formatDate(e.membership.expiredDate) }) : t('user.info.permanent')}{' '}
            <Link to={ROUTES.userQuota}>{e.membership.isExpired ? t('user.info.open') : t('user.info.renew')}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('user.info.permissions')}>
            <Space>
              <Tag color={e.litePermission ? 'green' : 'default'}>{t('user.info.lite')}</Tag>
              <Tag color={e.aiomPermission ? 'green' : 'default'}>{t('user.info.aiom')}</Tag>
            </Space>
          </Descriptions.Item>
        </Descriptions>
        {!d.infoCompleted && (
          <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
            <Link to={`${ROUTES.addInformation}?next=${encodeURIComponent(ROUTES.userInfo)}`}>{t('user.info.complete')}</Link>
          </Typography.Paragraph>
        )}
      </Card>
      <Card title={t('user.info.security')}>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('auth.phone')}>
            {d.bind.phone ?? t('user.info.notBound')}{' '}
            <Button size="small" type="link" onClick={() => setBinding('phone')} data-testid="bind-phone">
              {d.bind.phone ? t('user.info.change') : t('user.info.bind')}
            </Button>
          </Descriptions.Item>
          <Descriptions.Item label={t('auth.email')}>
            {d.bind.email ?? t('user.info.notBound')}{' '}
            <Button size="small" type="link" onClick={() => setBinding('email')} data-testid="bind-email">
              {d.bind.email ? t('user.info.change') : t('user.info.bind')}
            </Button>
          </Descriptions.Item>
          <Descriptions.Item label={t('user.info.wechat')}>
            {d.bind.wechat ? (d.bind.wechatNickname ?? t('user.info.bound')) : t('user.info.notBound')}{' '}
            <Button size="small" type="link" onClick={() => void u.bindWechat()}>
              {d.bind.wechat ? t('user.info.rebind') : t('user.info.bind')}
            </Button>
            {d.bind.wechat && (
              <Button size="small" type="link" danger onClick={u.unbind}>
                {t('user.info.unbindWechat')}
              </Button>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('auth.password.label')}>
            {d.bind.hasPassword ? t('user.info.passwordSet') : t('user.info.passwordNotSet')} <Link to={ROUTES.editPassword}>{t('auth.edit.title')}</Link>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('user.baseMap.title')} data-testid="user-base-map">
        <BaseMapSettings />
      </Card>
      <Card title={t('user.message.title')} extra={<Link to={ROUTES.userMessage}>{t('common.more')}</Link>} size="small" />
      {binding && (
        <BindTargetModal
          kind={binding}
          open
          onClose={(bound) => {
            setBinding(null);
            if (bound) void u.reload();
          }}
        />
      )}
    </Space>
  );
}
