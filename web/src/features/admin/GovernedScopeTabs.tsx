import { useState, type ReactNode } from 'react';
import { Alert, EmptyState, LoadingState, SearchableSelect, type SelectOption } from '../../components/ui';
import type { GovernedScopes } from './governed-scopes';

export interface GovernedScopesGateProps {
  scopes: GovernedScopes;
  /** What the tab says to someone who governs no conference. */
  none: string;
  /** The tab, starting from its first scope. */
  children: (initial: SelectOption) => ReactNode;
}

/** A tab over the scopes the caller governs (Audit, Retention, Transfers): their error, loading, `none`, or the tab. */
export function GovernedScopesGate({ scopes, none, children }: GovernedScopesGateProps) {
  if (scopes.error) return <Alert tone="danger">{(scopes.error as Error).message}</Alert>;
  if (scopes.initial === undefined) return <LoadingState message="Loading..." />;
  if (scopes.initial === null) return <EmptyState message={none} />;
  return children(scopes.initial);
}

export interface ConferenceScopedTabProps extends Omit<GovernedScopesGateProps, 'children'> {
  /** The tab's sections for the chosen conference, started afresh for each. */
  children: (scope: SelectOption) => ReactNode;
}

/** A tab in one conference at a time (Retention, Transfers): the Conference picker, then the tab for the conference chosen. */
export function ConferenceScopedTab({ scopes, none, children }: ConferenceScopedTabProps) {
  return (
    <GovernedScopesGate scopes={scopes} none={none}>
      {(initial) => (
        <ScopePicked scopes={scopes} initial={initial}>
          {children}
        </ScopePicked>
      )}
    </GovernedScopesGate>
  );
}

function ScopePicked({ scopes, initial, children }: Pick<ConferenceScopedTabProps, 'scopes' | 'children'> & { initial: SelectOption }) {
  const [scope, setScope] = useState(initial);
  return (
    <div className="admin-tab">
      {/* A conference is always chosen: clearing the box keeps the last one. */}
      <SearchableSelect className="admin-scope" label="Conference" value={scope} onChange={(next) => next && setScope(next)} loadOptions={scopes.search} />
      {/* A key per conference: each starts from its own first reads, pages and forms. */}
      <div key={scope.id} className="admin-scope-sections">
        {children(scope)}
      </div>
    </div>
  );
}
