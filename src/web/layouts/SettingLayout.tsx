// /setting, the design frame (spec 000 §2): the top bar with the project name, the left step menu
// (information; load for operation modes 1 and 2; building; components; electrical; economics, not
// for LITE-RE; report) whose buttons the wizard machine opens and blocks — a blocked one says why
// (the model's rule, src/model/wizard.ts blockerOf) — with an icon each (the menu collapses to its
// icons at ≤ 1000 px), and the step's page.
import { AppstoreOutlined, BarChartOutlined, DollarOutlined, FileTextOutlined, FormOutlined, HomeOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Layout, Menu, Spin, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { DesignSessionProvider } from '../editor/session/DesignSessionContext.tsx';
import { stepOf, type StepName } from '../app/paths.ts';
import { MENU_COLLAPSED_WIDTH, MENU_WIDTH } from '../app/theme.ts';
import { AppHeader } from '../components/AppHeader.tsx';
import { AssistantButton } from '../components/assistant/AssistantButton.tsx';
import { useCollapsed } from '../hooks/useCollapsed.ts';
import { useEnterpriseLive } from '../hooks/useEnterpriseLive.ts';
import { WizardContext } from '../hooks/wizard-context.ts';
import { useWizardRoute } from '../hooks/useWizardRoute.ts';
import type { MessageKey } from '../i18n/index.ts';
import { stepBlocker, stepOpen, visibleSteps } from '../machines/wizard-gating.ts';

const LABELS: Record<StepName, MessageKey> = {
  information: 'setting.step.information',
  load: 'setting.step.load',
  building: 'setting.step.building',
  components: 'setting.step.components',
  electrical: 'setting.step.electrical',
  economics: 'setting.step.economics',
  report: 'setting.step.report',
};

const ICONS: Record<StepName, ReactNode> = {
  information: <FormOutlined />,
  load: <BarChartOutlined />,
  building: <HomeOutlined />,
  components: <AppstoreOutlined />,
  electrical: <ThunderboltOutlined />,
  economics: <DollarOutlined />,
  report: <FileTextOutlined />,
};

export function SettingLayout() {
  const { t } = useTranslation();
  const w = useWizardRoute();
  // An enterprise session holds the project's live connection while the editor is open (spec 000 §4).
  useEnterpriseLive();
  const [collapsed, setCollapsed] = useCollapsed();
  const ctx = useSelector(w.handle.actor, (s) => s.context);
  const steps = visibleSteps(ctx.facts);
  return (
    <WizardContext.Provider value={w.handle}>
      <Layout className="pv-screen">
        <AppHeader title={w.handle.project?.name ?? t('setting.newProject')} extra={w.handle.project ? <AssistantButton projectId={w.handle.project.projectId} /> : null} />
        <Layout style={{ minHeight: 0, flex: 1 }}>
          <Layout.Sider width={MENU_WIDTH} collapsedWidth={MENU_COLLAPSED_WIDTH} collapsible collapsed={collapsed} onCollapse={setCollapsed} theme="light">
            <Menu
              mode="inline"
              data-testid="step-menu"
              selectedKeys={[w.step]}
              style={{ borderInlineEnd: 0 }}
              onClick={(e) => w.go(e.key as StepName)}
              items={steps.map((s, i) => {
                const open = stepOpen(s, ctx.facts, ctx);
                const blocker = open ? null : stepBlocker(s, ctx.facts);
                const name = `${i + 1}. ${t(LABELS[s])}`;
                const why = blocker ? t(`setting.blockedBy.${blocker}`) : null;
                return {
                  key: s,
                  icon: <span style={{ opacity: open ? 1 : 0.45 }}>{ICONS[s]}</span>,
                  // The collapsed menu's tooltip: the name, and why a blocked step is blocked.
                  title: why ? `${name} — ${why}` : name,
                  // Blocked buttons stay clickable: the machine refuses and the layout says why.
                  label: (
                    <Tooltip title={collapsed ? null : why} placement="right">
                      <span data-testid={`step-${s}`} data-open={open} data-blocked-by={blocker ?? undefined} data-step-number={stepOf(s).number} style={{ opacity: open ? 1 : 0.45 }}>
                        {name}
                      </span>
                    </Tooltip>
                  ),
                };
              })}
            />
          </Layout.Sider>
          <Layout.Content className="pv-scroll" style={{ padding: 20 }} data-testid="setting-content" data-step={w.step}>
            <DesignSessionProvider key={w.handle.project?.projectId ?? 'new'}>{w.loading ? <Spin /> : <Outlet />}</DesignSessionProvider>
          </Layout.Content>
        </Layout>
      </Layout>
    </WizardContext.Provider>
  );
}
