// One image of a company (the logo, or the PPT profile / cover page image; spec 001 §3, §5): the
// current picture, its rule, choose a file (checked in the browser, then by the server — a refusal
// shows in place), remove.
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompanyImageKind } from '../../../model/api/enterprise.ts';
import type { Company } from '../../api/enterprise.ts';
import { useEnterpriseCompanyImage } from '../../hooks/useEnterpriseCompanyImage.ts';

const URL_OF: Record<CompanyImageKind, 'logoUrl' | 'profileUrl' | 'coverUrl'> = { logo: 'logoUrl', profile: 'profileUrl', cover: 'coverUrl' };

export function CompanyImageSlot({ company, kind, onChanged }: { company: Company; kind: CompanyImageKind; onChanged: (c: Company) => void }) {
  const { t } = useTranslation();
  const img = useEnterpriseCompanyImage(company, kind, onChanged);
  const url = company[URL_OF[kind]];
  // the same address after a new upload: the update time makes the browser fetch it again
  const src = url ? `${url}&v=${encodeURIComponent(company.updateTime)}` : null;
  return (
    <div data-testid={`company-image-${kind}`} style={{ marginBottom: 16 }}>
      <Typography.Text strong>{t(`enterprise.companies.images.${kind}`)}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8, fontSize: 12 }}>
        {kind === 'logo' ? t('enterprise.companies.logoRule') : t('enterprise.companies.templateRule')}
      </Typography.Paragraph>
      <Flex gap={12} align="center" wrap>
        {src ? (
          <img src={src} alt="" data-testid={`company-image-${kind}-picture`} style={kind === 'logo' ? { width: 170, height: 40, border: '1px solid #eef0f5' } : { maxWidth: 240, maxHeight: 135, border: '1px solid #eef0f5' }} />
        ) : (
          <Typography.Text type="secondary">{t('enterprise.companies.noImage')}</Typography.Text>
        )}
        <Space>
          <Upload accept=".jpg,.jpeg,.png,image/jpeg,image/png" showUploadList={false} beforeUpload={(file) => (void img.upload(file), false)}>
            <Button icon={<UploadOutlined />} loading={img.state.kind === 'busy'} data-testid={`company-image-${kind}-upload`}>
              {t('enterprise.companies.upload')}
            </Button>
          </Upload>
          {url && (
            <Button icon={<DeleteOutlined />} danger onClick={() => void img.remove()}>
              {t('enterprise.companies.removeImage')}
            </Button>
          )}
        </Space>
      </Flex>
      {img.state.kind === 'refused' && <Alert style={{ marginTop: 8 }} type="error" showIcon title={<span data-testid={`company-image-${kind}-error`}>{t(`enterprise.companies.imageErrors.${img.state.problem}`)}</span>} />}
      {img.state.kind === 'failed' && <Alert style={{ marginTop: 8 }} type="error" showIcon title={<span data-testid={`company-image-${kind}-error`}>{img.state.message}</span>} />}
    </div>
  );
}
