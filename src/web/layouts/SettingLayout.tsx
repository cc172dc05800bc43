// /setting, the design frame (spec 000 §2): the top bar with the project name, the left step menu
// (information; load for operation modes 1 and 2; building; components; electrical; economics, not
// for LITE-RE; report) whose buttons the wizard machine opens and blocks, and the step's page.
import { Layout, Menu, Spin } from 'antd';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { DesignSessionProvider } from '../editor/session/DesignSessionContext.tsx';
import { stepOf, type StepName } from '../app/paths.ts';
import { MENU_COLLAPSED_WIDTH, MENU_WIDTH } from '../app/theme.ts';
import { AppHeader } from '../components/AppHeader.tsx';
import { useCollapsed } from '../hooks/useCollapsed.ts';
import { WizardContext } from '../hooks/wizard-context.ts';
import { useWizardRoute } from '../hooks/useWizardRoute.ts';
import type { MessageKey } from '../i18n/index.ts';
import { stepOpen, visibleSteps } from '../machines/wizard-gating.ts';

const LABELS: Record<StepName, MessageKey> = {
  information: 'setting.step.information',
  load: 'setting.step.load',
  building: 'setting.step.building',
  components: 'setting.step.components',
  electrical: 'setting.step.electrical',
  economics: 'setting.step.economics',
  report: 'setting.step.report',
};

export function SettingLayout() {
  const { t } = useTranslation();
  const w = useWizardRoute();
  const [collapsed, setCollapsed] = useCollapsed();
  const ctx = useSelector(w.handle.actor, (s) => s.context);
  const steps = visibleSteps(ctx.facts);
  return (
    <WizardContext.Provider value={w.handle}>
      <Layout className="pv-screen">
        <AppHeader title={w.handle.project?.name ?? t('setting.newProject')} />
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
                return {
                  key: s,
                  // Blocked buttons stay clickable: the machine refuses and the layout says why.
                  label: (
                    <span data-testid={`step-${s}`} data-open={open} data-step-number={stepOf(s).number} style={{ opacity: open ? 1 : 0.45 }}>
                      {i + 1}. {t(LABELS[s])}
                    </span>
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
