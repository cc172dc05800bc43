// /enterprise/home, the dashboard (spec 001 §2; administrators only — the guard and the inner data
// code −2 send others to the project list): a greeting by time of day (its own to the super
// administrator), total projects, total installed capacity, residential versus C&I, the province
// distribution (a map, components/enterprise/ProvinceMap.tsx, beside the list), projects per person,
// and the recent projects (a click opens one).
import { Card, Col, Empty, Progress, Row, Spin, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ProjectSummary } from '../../../model/api/projects.ts';
import { dayPart, greetingKey } from '../../components/enterprise/greeting.ts';
import { projectUrl } from '../../components/enterprise/project-link.ts';
import { provinceCode, provinceLabel } from '../../components/enterprise/province-map.ts';
import { ProvinceMap } from '../../components/enterprise/ProvinceMap.tsx';
import { ShareBars } from '../../components/enterprise/ShareBars.tsx';
import { percentOfTotal, topWithOther } from '../../components/enterprise/shares.ts';
import { formatDateTime, thousands } from '../../format.ts';
import { useEnterpriseDashboard } from '../../hooks/useEnterpriseDashboard.ts';

/** Provinces shown by name; the rest are summed as one row. */
const PROVINCE_ROWS = 10;

export function EnterpriseHomePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { data, loading } = useEnterpriseDashboard();
  if (loading) return <Spin />;
  if (!data) return <Empty description={t('common.noData')} />;
  const [residentialShare] = percentOfTotal([data.residential.projects, data.commercial.projects]);
  // A province of China in the interface language ('浙江省' → 'Zhejiang'); others as stored.
  const provinceName = (p: string) => {
    const code = provinceCode(p);
    return code ? provinceLabel(code, i18n.language.startsWith('zh') ? 'zh' : 'en') : p || t('enterprise.home.unknownProvince');
  };
  const provinces = topWithOther(data.provinces, PROVINCE_ROWS, (projects, capacity) => ({ province: t('enterprise.home.otherProvinces'), projects, capacity }));
  return (
    <div data-testid="enterprise-home">
      <Typography.Title level={4} data-testid="enterprise-greeting">
        {t(greetingKey(dayPart(new Date().getHours()), data.role), { name: data.userName })}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('enterprise.home.totalProjects')} value={data.totalProjects} data-testid="enterprise-total-projects" />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('enterprise.home.installedCapacity')} value={thousands(data.installedCapacity)} suffix="kW" />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Typography.Text type="secondary">{t('enterprise.home.typeSplit')}</Typography.Text>
            <Progress percent={100} success={{ percent: residentialShare }} showInfo={false} />
            <Typography.Text data-testid="enterprise-type-split">
              <Tag color="green">{t('enterprise.home.residential', { count: data.residential.projects, kw: thousands(data.residential.capacity) })}</Tag>
              <Tag color="blue">{t('enterprise.home.commercial', { count: data.commercial.projects, kw: thousands(data.commercial.capacity) })}</Tag>
            </Typography.Text>
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('enterprise.home.provinces')}>
            <Row gutter={[16, 16]}>
              <Col xs={24} lg={14}>
                <ProvinceMap rows={data.provinces} />
              </Col>
              <Col xs={24} lg={10}>
                <ShareBars testId="enterprise-provinces" rows={provinces.map((p) => ({ key: p.province || '-', label: provinceName(p.province), projects: p.projects, capacity: p.capacity }))} />
              </Col>
            </Row>
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('enterprise.home.people')}>
            <ShareBars testId="enterprise-people" rows={data.people.map((p) => ({ key: String(p.userId), label: p.name, projects: p.projects, capacity: p.capacity }))} />
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('enterprise.home.recent')}>
            <Table<ProjectSummary>
              rowKey="projectId"
              size="small"
              pagination={false}
              dataSource={data.recent}
              data-testid="enterprise-recent"
              locale={{ emptyText: t('common.noData') }}
              columns={[
                { title: t('project.field.name'), dataIndex: 'name', render: (name: string, r) => <a onClick={() => void navigate(projectUrl(r))}>{name}</a> },
                { title: t('project.field.powerStationType'), dataIndex: 'powerStationType', render: (v: ProjectSummary['powerStationType']) => <Tag>{t(`project.type.${v}`)}</Tag> },
                { title: t('project.field.capacity'), dataIndex: 'capacity', render: (v: number | null) => thousands(v) },
                { title: t('enterprise.projects.creator'), dataIndex: 'creator' },
                { title: t('project.field.updateTime'), dataIndex: 'updateTime', render: (v: string) => formatDateTime(v) },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
