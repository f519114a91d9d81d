import { useState } from 'react';
import { TAG_NAME_MAX, tagNameSchema } from '@shared/schemas/user-labels';
import { Button, ConfirmDialog } from '../../../components/ui';
import { useAbility } from '../../../lib/ability';
import { useFollowJob } from '../../../lib/jobs/use-follow-job';
import { useDebouncedOptions } from '../../../components/ui/useDebouncedOptions';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';
import { useSave } from '../../../lib/forms/use-save';
import { LabelAddForm } from './LabelAddForm';
import { LabelList, type LabelItem } from './LabelList';

/**
 * The profile's tags (SPEC.md sections 2 and 5): Add Tag only when the name is valid (at most
 * 30 characters) and typed; while typing, existing tags starting with the text are offered
 * (tag search), so people reuse a tag rather than spell it anew. A superadmin may also delete a tag
 * for everyone (tags are one list for the organisation): after a confirmation, a background job takes
 * it off every user, its progress in the toast region.
 */
export function TagsCard({ userId, mayChange }: { userId: string; mayChange: boolean }) {
  const tags = useApi(routes.user.userTags, { params: { id: userId } });
  const save = useSave(() => tags.mutate());
  const [name, setName] = useState('');
  const mayDelete = useAbility().can('manage', 'all');
  const [deleting, setDeleting] = useState<LabelItem | null>(null);
  const followJob = useFollowJob();
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

  const deleteForEveryone = async (tag: LabelItem) => {
    const ok = await save.run(async () => {
      const { jobId } = await call(routes.user.deleteTag, { params: { tagId: tag.id } });
      followJob(jobId, { onFinished: () => void tags.mutate() });
    }, `Deleting ${tag.label} for everyone.`);
    if (ok) setDeleting(null);
  };

  return (
    <>
      <LabelList
        headingId="profile-tags"
        title="Tags"
        noun="tags"
        items={tags.data?.map((tag) => ({ id: tag.id, label: tag.name }))}
        error={tags.error}
        isPending={save.isPending}
        onRemove={mayChange ? (tag) => void save.run(() => call(routes.user.removeTag, { params: { id: userId, tagId: tag.id } }), `${tag.label} was removed.`) : undefined}
        onDelete={mayDelete ? setDeleting : undefined}
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
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete tag"
        message={`Delete the tag ${deleting?.label ?? ''} for everyone? It is taken off every user who carries it.`}
        confirmLabel="Delete tag"
        tone="danger"
        isPending={save.isPending}
        onConfirm={() => deleting && void deleteForEveryone(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
