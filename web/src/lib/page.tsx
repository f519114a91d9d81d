import { useEffect, type ReactNode } from 'react';
import { setPageTitle } from './document-title';

export interface PageProps {
  /** The document title, and the heading unless `heading` is given. */
  title: string;
  /** A richer heading in place of the plain h1 (it must hold the page's one h1), e.g. a profile's person. */
  heading?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

/** A page's heading and document title, in one place so every page reads the same. */
export function Page({ title, heading, actions, children }: PageProps) {
  useEffect(() => {
    setPageTitle(`${title} · Formation Tracks`);
  }, [title]);
  return (
    <div className="app-page">
      <div className="app-page-header">
        {heading ?? <h1>{title}</h1>}
        {actions && <div className="app-page-actions">{actions}</div>}
      </div>
      {children}
    </div>
  );
}
