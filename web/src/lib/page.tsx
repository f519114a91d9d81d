import { useEffect, type ReactNode } from 'react';
import { setPageTitle } from './document-title';

/** A page's heading and document title, in one place so every page reads the same. */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  useEffect(() => {
    setPageTitle(`${title} · Formation Tracks`);
  }, [title]);
  return (
    <div className="app-page">
      <div className="app-page-header">
        <h1>{title}</h1>
        {actions && <div className="app-page-actions">{actions}</div>}
      </div>
      {children}
    </div>
  );
}
