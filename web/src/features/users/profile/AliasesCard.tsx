import { useState } from 'react';
import { ALIAS_MAX, aliasTextSchema } from '@shared/schemas/user-labels';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';
import { useSave } from '../../../lib/forms/use-save';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { ConfirmRemoval } from './ConfirmRemoval';
import { LabelAddForm } from './LabelAddForm';
import { LabelList, type LabelItem } from './LabelList';
import { useRemovalFocus } from './use-removal-focus';

/** The profile's aliases (SPEC.md sections 3 and 7): other names the user is known by. */
export function AliasesCard({ userId, personName, mayChange }: { userId: string; personName: string; mayChange: boolean }) {
  const aliases = useApi(routes.user.aliases, { params: { id: userId } });
  const save = useSave(() => aliases.mutate());
  const removing = useDialogTarget<LabelItem>();
  const focus = useRemovalFocus();
  const [alias, setAlias] = useState('');

  return (
    <LabelList
      headingId="profile-aliases"
      title="Aliases"
      noun="aliases"
      kind="alias"
      items={aliases.data?.map((item) => ({ id: item.id, label: item.alias }))}
      error={aliases.error}
      isPending={save.isPending}
      focus={focus}
      onRemove={mayChange ? removing.open : undefined}
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
      <ConfirmRemoval
        dialog={removing}
        title="Remove Alias"
        message={(item) => `Remove the alias ${item.label} from ${personName}?`}
        save={save}
        remove={(item) => call(routes.user.removeAlias, { params: { id: userId, aliasId: item.id } })}
        removed={(item) => `${item.label} was removed.`}
        onClosed={focus.restore}
      />
    </LabelList>
  );
}
