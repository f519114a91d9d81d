import { useState } from 'react';
import { TAG_NAME_MAX, tagNameSchema } from '@shared/schemas/user-labels';
import { Button } from '../../../components/ui';
import { useDebouncedOptions } from '../../../components/ui/useDebouncedOptions';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';
import { useSave } from '../../../lib/forms/use-save';
import { LabelAddForm } from './LabelAddForm';
import { LabelList } from './LabelList';

/**
 * The profile's tags (SPEC.md sections 2 and 5): Add Tag only when the name is valid (at most
 * 30 characters) and typed; while typing, existing tags starting with the text are offered
 * (tag search), so people reuse a tag rather than spell it anew.
 */
export function TagsCard({ userId, mayChange }: { userId: string; mayChange: boolean }) {
  const tags = useApi(routes.user.userTags, { params: { id: userId } });
  const save = useSave(() => tags.mutate());
  const [name, setName] = useState('');
  const matches = useDebouncedOptions((text: string) => call(routes.user.searchTags, { query: { searchTerm: text } }));
  const dirty = name.length > 0;
  const carried = new Set(tags.data?.map((tag) => tag.id));
  const offered = dirty ? matches.items.filter((tag) => !carried.has(tag.id)) : [];

  const added = async (change: () => Promise<{ name: string }>) => {
    let label = '';
    const ok = await save.run(async () => (label = (await change()).name), 'Tag added.');
    if (ok) setName('');
    return label;
  };

  return (
    <LabelList
      headingId="profile-tags"
      title="Tags"
      noun="tags"
      items={tags.data?.map((tag) => ({ id: tag.id, label: tag.name }))}
      error={tags.error}
      isPending={save.isPending}
      onRemove={mayChange ? (tag) => void save.run(() => call(routes.user.removeTag, { params: { id: userId, tagId: tag.id } }), `${tag.label} was removed.`) : undefined}
    >
      {mayChange && (
        <LabelAddForm
          label="Tag"
          value={name}
          onChange={(text) => {
            setName(text);
            if (text.trim()) matches.search(text);
          }}
          schema={tagNameSchema}
          max={TAG_NAME_MAX}
          isPending={save.isPending}
          onAdd={(text) => void added(() => call(routes.user.addTag, { params: { id: userId }, body: { name: text } }))}
        >
          {offered.length > 0 && (
            <ul className="profile-labels" aria-label="Matching tags">
              {offered.map((tag) => (
                <li key={tag.id}>
                  <Button size="small" variant="secondary" isDisabled={save.isPending} onPress={() => void added(() => call(routes.user.addExistingTag, { params: { id: userId, tagId: tag.id } }))}>
                    {`Add ${tag.name}`}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </LabelAddForm>
      )}
    </LabelList>
  );
}
