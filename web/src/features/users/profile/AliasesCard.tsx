import { useState } from 'react';
import { ALIAS_MAX, aliasTextSchema } from '@shared/schemas/user-labels';
import { Button, TextField, counterText } from '../../../components/ui';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';
import { useSave } from '../../../lib/forms/use-save';
import { LabelList } from './LabelList';

/** The profile's aliases (SPEC.md sections 3 and 7): other names the user is known by. */
export function AliasesCard({ userId, mayChange }: { userId: string; mayChange: boolean }) {
  const aliases = useApi(routes.user.aliases, { params: { id: userId } });
  const save = useSave(() => aliases.mutate());
  const [alias, setAlias] = useState('');
  const parsed = aliasTextSchema.safeParse(alias);
  const dirty = alias.length > 0;

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
        <form
          className="profile-label-form"
          onSubmit={async (event) => {
            event.preventDefault();
            if (!parsed.success) return;
            if (await save.run(() => call(routes.user.addAlias, { params: { id: userId, name: parsed.data } }), 'Alias added.')) setAlias('');
          }}
        >
          <TextField
            label="Alias"
            value={alias}
            maxLength={ALIAS_MAX}
            onChange={setAlias}
            description={counterText(alias.length, ALIAS_MAX)}
            errorMessage={dirty && !parsed.success ? parsed.error.issues[0]?.message : undefined}
          />
          <Button type="submit" variant="secondary" isDisabled={!dirty || !parsed.success || save.isPending}>
            Add Alias
          </Button>
        </form>
      )}
    </LabelList>
  );
}
