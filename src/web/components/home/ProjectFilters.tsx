// The list's filters (spec 001 §2): project type (All, C&I, Residential), survey type (All,
// Satellite, Drone), name search, and the table / thumbnail switch.
import { AppstoreOutlined, BarsOutlined } from '@ant-design/icons';
import { Flex, Input, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectFilter, ViewMode } from '../../hooks/useProjectList.ts';

export function ProjectFilters({ filter, onChange, mode, onMode }: { filter: ProjectFilter; onChange: (p: Partial<ProjectFilter>) => void; mode: ViewMode; onMode: (m: ViewMode) => void }) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} wrap align="center">
      <Segmented
        data-testid="filter-type"
        value={filter.powerStationType ?? 'ALL'}
        options={[
          { label: t('home.filter.all'), value: 'ALL' },
          { label: t('project.type.COMMERCIAL'), value: 'COMMERCIAL' },
          { label: t('project.type.RESIDENTIAL'), value: 'RESIDENTIAL' },
        ]}
        onChange={(v) => onChange({ powerStationType: v === 'ALL' ? undefined : (v as 'COMMERCIAL' | 'RESIDENTIAL') })}
      />
      <Select
        data-testid="filter-survey"
        style={{ width: 150 }}
        value={filter.surveyType ?? 'ALL'}
        options={[
          { label: t('home.filter.allSurveys'), value: 'ALL' },
          { label: t('project.survey.SATELLITE'), value: 'SATELLITE' },
          { label: t('project.survey.DRONE'), value: 'DRONE' },
        ]}
        onChange={(v: string) => onChange({ surveyType: v === 'ALL' ? undefined : (v as 'SATELLITE' | 'DRONE') })}
      />
      <Input.Search data-testid="filter-name" allowClear style={{ width: 240 }} placeholder={t('home.filter.name')} onSearch={(v) => onChange({ name: v.trim() || undefined })} />
      <Segmented
        data-testid="view-mode"
        value={mode}
        options={[
          { value: 'table', icon: <BarsOutlined />, title: t('home.view.table') },
          { value: 'thumbnail', icon: <AppstoreOutlined />, title: t('home.view.thumbnail') },
        ]}
        onChange={(v) => onMode(v as ViewMode)}
      />
    </Flex>
  );
}
