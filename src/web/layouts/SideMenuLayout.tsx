// A top bar plus a side menu (208 px, 75 px collapsed; spec 000 §9) and the scrolling content: the
// personal centre, the O&M and the enterprise areas.
import { Layout, Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { AppHeader } from '../components/AppHeader.tsx';
import { MENU_COLLAPSED_WIDTH, MENU_WIDTH } from '../app/theme.ts';
import { useCollapsed } from '../hooks/useCollapsed.ts';

export interface SideMenuLayoutProps {
  items: NonNullable<MenuProps['items']>;
  selected: string;
  onSelect: (key: string) => void;
  title?: ReactNode;
  testId?: string;
}

export function SideMenuLayout({ items, selected, onSelect, title, testId }: SideMenuLayoutProps) {
  const [collapsed, setCollapsed] = useCollapsed();
  return (
    <Layout className="pv-screen">
      <AppHeader title={title} />
      <Layout style={{ minHeight: 0, flex: 1 }}>
        <Layout.Sider width={MENU_WIDTH} collapsedWidth={MENU_COLLAPSED_WIDTH} collapsible collapsed={collapsed} onCollapse={setCollapsed} theme="light">
          <Menu mode="inline" data-testid={testId} selectedKeys={[selected]} items={items} onClick={(e) => onSelect(e.key)} style={{ borderInlineEnd: 0 }} />
        </Layout.Sider>
        <Layout.Content className="pv-scroll" style={{ padding: 20 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
