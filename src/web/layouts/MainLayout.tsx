// The frame of /home: the top bar (with the assistant on the project lists) and the scrolling content.
import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { AssistantButton } from '../components/assistant/AssistantButton.tsx';
import { AppHeader } from '../components/AppHeader.tsx';

export function MainLayout() {
  return (
    <Layout className="pv-screen">
      <AppHeader extra={<AssistantButton projectId={null} />} />
      <Layout.Content className="pv-scroll" style={{ padding: 20 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
