import { useState, type KeyboardEvent } from 'react';
import type { Editor } from '@tiptap/react';
import { RICH_TEXT_LINK_MESSAGE, allowedLink } from '@shared/rich-text/allow-list';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';

/**
 * The Link button's bar under the toolbar (in place, not a dialog: the text keeps its
 * selection). Only whole http, https and mailto links are applied, the schemes both
 * sanitisers keep. Over selected text the link wraps it; with nothing selected the address
 * itself is inserted as the link's text. Escape or Cancel closes it and returns to the text.
 */
export function LinkBar({ editor, label, onClose }: { editor: Editor; label: string; onClose: () => void }) {
  const current = editor.getAttributes('link').href as string | undefined;
  const [text, setText] = useState(current ?? '');
  const [error, setError] = useState<string>();

  function close() {
    onClose();
    editor.commands.focus();
  }

  function apply() {
    const href = allowedLink(text);
    if (!href) {
      setError(RICH_TEXT_LINK_MESSAGE);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !current) chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    onClose();
  }

  function remove() {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    }
  }

  return (
    <div role="group" aria-label={`${label} link`} className="ui-rich-text-link-bar" onKeyDown={onKeyDown}>
      <TextField
        label="Link address"
        placeholder="https://"
        value={text}
        onChange={(value) => {
          setText(value);
          setError(undefined);
        }}
        errorMessage={error}
        autoFocus
      />
      <div className="ui-rich-text-link-actions">
        <Button size="small" onPress={apply}>
          Apply link
        </Button>
        {current && (
          <Button size="small" variant="secondary" onPress={remove}>
            Remove link
          </Button>
        )}
        <Button size="small" variant="ghost" onPress={close}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
