import { useState } from 'react';
import { ALIAS_MAX, aliasTextSchema } from '@shared/schemas/user-labels';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';
import { useSave } from '../../../lib/forms/use-save';
import { LabelAddForm } from './LabelAddForm';
import { LabelList } from './LabelList';

/** The profile's aliases (SPEC.md sections 3 and 7): other names the user is known by. */
export function AliasesCard({ userId, mayChange }: { userId: string; mayChange: boolean }) {
  const aliases = useApi(routes.user.aliases, { params: { id: userId } });
  const save = useSave(() => aliases.mutate());
  const [alias, setAlias] = useState('');

  return (
    <LabelList
      headingId="profile-aliases"
      title="Aliases"
      noun="aliases"
      items={aliases.data?.map((item) => ({ id: item.id, label: item.alias }))}
      error={aliases.error}
      isPending={save.isPending}
      onRemove={mayChange ? (item) => void save.run(() => call(routes.user.removeAlias, { params: { id: userId, aliasId: item.id } }), `${item.label} was removed.`) : undefined}
    >
      {mayChange && (
        <LabelAddForm
          label="Alias"
          value={alias}
          onChange={setAlias}
          schema={aliasTextSchema}
          max={ALIAS_MAX}
          isPending={save.isPending}
          onAdd={(text) => void save.run(() => call(routes.user.addAlias, { params: { id: userId, name: text } }), 'Alias added.').then((ok) => ok && setAlias(''))}
        />
      )}
    </LabelList>
  );
}
