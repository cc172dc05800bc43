// The project list in thumbnail mode: one card per project with its first screenshot.
import { Card, Checkbox, Col, Empty, Pagination, Row, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { thousands } from '../../format.ts';
import { ProjectActions } from './ProjectActions.tsx';
import { ProjectName } from './ProjectName.tsx';
import type { ProjectTableProps } from './ProjectTable.tsx';

export function ProjectCards(p: ProjectTableProps) {
  const { t } = useTranslation();
  if (!p.loading && p.rows.length === 0) return <Empty description={t('common.noData')} />;
  const toggle = (id: number, on: boolean) => p.onSelect(on ? [...p.selected, id] : p.selected.filter((x) => x !== id));
  return (
    <>
      <Row gutter={[16, 16]} data-testid="project-cards">
        {p.rows.map((r) => (
          <Col key={r.projectId} xs={24} sm={12} lg={8} xl={6}>
            <Card
              size="small"
              cover={r.thumbnailUrl ? <img src={r.thumbnailUrl} alt="" style={{ height: 140, objectFit: 'cover' }} /> : <div className="pv-thumb">☀</div>}
              title={<ProjectName name={r.name} />}
              extra={<Checkbox checked={p.selected.includes(r.projectId)} onChange={(e) => toggle(r.projectId, e.target.checked)} />}
              actions={[<ProjectActions key="a" project={r} on={p.on} />]}
            >
              <Tag>{t(`project.type.${r.powerStationType}`)}</Tag> {t(`project.survey.${r.surveyType}`)} · {thousands(r.capacity)} kW
              {r.annualKwh !== null && <> · {thousands(r.annualKwh, 0)} kWh</>}
            </Card>
          </Col>
        ))}
      </Row>
      <Pagination style={{ marginTop: 16, textAlign: 'right' }} current={p.page} pageSize={p.size} total={p.total} onChange={p.onPage} />
    </>
  );
}
