// Sidebars collapse when the window is 1000 px wide or less (spec 000 §2, §9).
import { useEffect, useState } from 'react';
import { sidebarCollapsed } from '../app/theme.ts';

export function useCollapsed(): [boolean, (v: boolean) => void] {
  const [collapsed, setCollapsed] = useState(() => sidebarCollapsed(window.innerWidth));
  useEffect(() => {
    const onResize = () => setCollapsed(sidebarCollapsed(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return [collapsed, setCollapsed];
}
