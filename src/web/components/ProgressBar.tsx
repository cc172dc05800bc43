// The progress bar of spec 000 §2: starts before each navigation (the router's navigation state
// leaves idle while the guard and the page load), fills and fades when it settles.
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

export function ProgressBar() {
  const busy = useNavigation().state !== 'idle';
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (busy) {
      setWidth(15);
      const t = setInterval(() => setWidth((w) => Math.min(90, w + (90 - w) * 0.2)), 200);
      return () => clearInterval(t);
    }
    setWidth((w) => (w > 0 ? 100 : 0));
    const t = setTimeout(() => setWidth(0), 300);
    return () => clearTimeout(t);
  }, [busy]);
  return <div className="pv-progress" data-testid="nav-progress" data-busy={busy} style={{ width: `${width}%`, opacity: width > 0 && width < 100 ? 1 : 0 }} />;
}
