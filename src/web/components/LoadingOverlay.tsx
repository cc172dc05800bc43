// The loading overlay (spec 000 §2): shown while the loading flag is set, closes 100 ms after.
import { Spin } from 'antd';
import { useLoadingVisible } from '../app/loading.ts';

export function LoadingOverlay() {
  const visible = useLoadingVisible();
  if (!visible) return null;
  return (
    <div className="pv-overlay" data-testid="loading-overlay">
      <Spin size="large" />
    </div>
  );
}
