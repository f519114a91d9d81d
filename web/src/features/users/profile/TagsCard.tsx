import { useState } from 'react';
import { TAG_NAME_MAX, tagNameSchema } from '@shared/schemas/user-labels';
import { Button } from '../../../components/ui';
import { useAbility } from '../../../lib/ability';
import { useFollowJob } from '../../../lib/jobs/use-follow-job';
import { useDebouncedOptions } from '../../../components/ui/useDebouncedOptions';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';
import { useSave } from '../../../lib/forms/use-save';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { PickerDialog } from '../list/PickerDialog';
import { ConfirmRemoval } from './ConfirmRemoval';
import { LabelAddForm } from './LabelAddForm';
import { LabelList, type LabelItem } from './LabelList';
import { useRemovalFocus } from './use-removal-focus';

/**
 * The profile's tags (SPEC.md sections 2 and 5): Add Tag only when the name is valid (at most
 * 30 characters) and typed; while typing, existing tags starting with the text are offered
 * (tag search), so people reuse a tag rather than spell it anew. Remove beside a tag takes it off
 * this person, after asking. Deleting a tag for everyone (tags are one list for the organisation) is
 * a superadmin's, apart from the tags: Delete Tag for Everyone beside the heading opens a dialog that
 * says what it does, where the tag is chosen; a background job takes it off every user, its progress
 * in the toast region.
 */
export function TagsCard({ userId, personName, mayChange }: { userId: string; personName: string; mayChange: boolean }) {
  const tags = useApi(routes.user.userTags, { params: { id: userId } });
  const save = useSave(() => tags.mutate());
  const [name, setName] = useState('');
  const mayDelete = useAbility().can('manage', 'all');
  const removing = useDialogTarget<LabelItem>();
  const deleting = useDialogTarget<true>();
  const focus = useRemovalFocus();
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
    if (ok) deleting.close();
  };

  return (
    <LabelList
      headingId="profile-tags"
      title="Tags"
      noun="tags"
      kind="tag"
      items={tags.data?.map((tag) => ({ id: tag.id, label: tag.name }))}
      error={tags.error}
      isPending={save.isPending}
      focus={focus}
      onRemove={mayChange ? removing.open : undefined}
      actions={
        mayDelete && (
          <Button variant="secondary" onPress={() => deleting.open(true)}>
            Delete Tag for Everyone
          </Button>
        )
      }
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
      <ConfirmRemoval
        dialog={removing}
        title="Remove Tag"
        message={(tag) => `Remove the tag ${tag.label} from ${personName}? Everyone else who carries it keeps it.`}
        save={save}
        remove={(tag) => call(routes.user.removeTag, { params: { id: userId, tagId: tag.id } })}
        removed={(tag) => `${tag.label} was removed from ${personName}.`}
        onClosed={focus.restore}
      />
      {mayDelete && (
        <PickerDialog
          key={deleting.openCount}
          isOpen={deleting.isOpen}
          title="Delete Tag for Everyone"
          intro={`The tag you choose is deleted from the organisation and taken off every person who carries it, not only ${personName}. This cannot be undone. To take a tag off ${personName} alone, use Remove beside it instead.`}
          label="Tag to delete"
          requiredMessage="Choose the tag to delete."
          loadOptions={async (text) => (await call(routes.user.searchTags, { query: { searchTerm: text } })).map((tag) => ({ id: tag.id, label: tag.name }))}
          confirmLabel="Delete for Everyone"
          tone="danger"
          isPending={save.isPending}
          onClose={deleting.close}
          onConfirm={(choice) => void deleteForEveryone(choice)}
        />
      )}
    </LabelList>
  );
}
