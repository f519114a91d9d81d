import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { cx } from './classNames';
import './CollapsibleSection.css';

/** SPEC.md section 9: a section expands in 0.5 s and collapses in 0.3 s. */
export const SECTION_EXPAND_MS = 500;
export const SECTION_COLLAPSE_MS = 300;

export interface CollapsibleSectionProps {
  title: ReactNode;
  children: ReactNode;
  defaultExpanded?: boolean;
  /** Controlled mode: pass both. */
  isExpanded?: boolean;
  onExpandedChange?: (isExpanded: boolean) => void;
  /** The heading level wrapping the toggle button, to fit the page outline. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** A titled section whose header button (aria-expanded) shows or hides its content. */
export function CollapsibleSection({
  title,
  children,
  defaultExpanded = false,
  isExpanded: controlled,
  onExpandedChange,
  headingLevel = 3,
  className,
}: CollapsibleSectionProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultExpanded);
  const isExpanded = controlled ?? uncontrolled;
  const panelId = useId();
  const Heading = `h${headingLevel}` as const;
  const timing = { '--ui-expand-ms': `${SECTION_EXPAND_MS}ms`, '--ui-collapse-ms': `${SECTION_COLLAPSE_MS}ms` } as CSSProperties;

  function toggle() {
    setUncontrolled(!isExpanded);
    onExpandedChange?.(!isExpanded);
  }

  return (
    <section className={cx('ui-collapsible', className)} data-expanded={isExpanded || undefined} style={timing}>
      <Heading className="ui-collapsible-heading">
        <button type="button" className="ui-collapsible-trigger" aria-expanded={isExpanded} aria-controls={panelId} onClick={toggle}>
          <svg className="ui-collapsible-chevron" viewBox="0 0 16 16" aria-hidden="true">
            <path d="M6 3.5L10.5 8 6 12.5" stroke="currentColor" strokeWidth="1.8" fill="none" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {title}
        </button>
      </Heading>
      <div id={panelId} className="ui-collapsible-panel" inert={!isExpanded}>
        <div className="ui-collapsible-content">
          <div className="ui-collapsible-inner">{children}</div>
        </div>
      </div>
    </section>
  );
}
