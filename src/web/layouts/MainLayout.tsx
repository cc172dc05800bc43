// The frame of /home: the top bar and the scrolling content.
import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { AppHeader } from '../components/AppHeader.tsx';

export function MainLayout() {
  return (
    <Layout className="pv-screen">
      <AppHeader />
      <Layout.Content className="pv-scroll" style={{ padding: 20 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
