import { useState } from 'react';
import { versionDiff } from '@shared/forms/version-diff';
import { CollapsibleSection, formatDateTime } from '../../components/ui';
import { useApi } from '../../lib/api/use-api';
import { routes } from '../../lib/api/routes';

/** The form's published versions and what changed between two of them (fields added, removed, changed). */
export function VersionsPanel({ formId, currentVersion }: { formId: string; currentVersion: number }) {
  // Remounted after each save (keyed by the version): read afresh, not from the deduped cache.
  const versions = useApi(routes.form.versions, { params: { id: formId } }, { dedupingInterval: 0, revalidateOnMount: true });
  const [from, setFrom] = useState(Math.max(1, currentVersion - 1));
  const [to, setTo] = useState(currentVersion);
  const list = versions.data ?? [];
  const before = list.find((version) => version.formVersion === from);
  const after = list.find((version) => version.formVersion === to);
  const diff = before && after ? versionDiff(before, after) : null;
  const picker = (label: string, value: number, onChange: (value: number) => void) => (
    <label className="forms-version-picker">
      {label}{' '}
      <select className="ui-input" value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {list.map((version) => (
          <option key={version.formVersion} value={version.formVersion}>{`v${version.formVersion}`}</option>
        ))}
      </select>
    </label>
  );
  const names = (label: string, items: string[]) => <li>{`${label}: ${items.length ? items.join(', ') : 'none'}`}</li>;
  return (
    <CollapsibleSection title="Versions" headingLevel={2}>
      <ul className="forms-versions">
        {list.map((version) => (
          <li key={version.formVersion}>{`v${version.formVersion} · ${version.name} · ${formatDateTime(version.createdAt)} · ${version.fields.length} fields`}</li>
        ))}
      </ul>
      {list.length > 1 && (
        <div>
          {picker('Compare', from, setFrom)} {picker('with', to, setTo)}
          {diff && (
            <ul aria-label="Changes between the versions">
              {names('Added', diff.added)}
              {names('Removed', diff.removed)}
              {names('Changed', diff.changed)}
            </ul>
          )}
        </div>
      )}
    </CollapsibleSection>
  );
}
