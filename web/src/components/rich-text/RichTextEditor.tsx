import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { RICH_TEXT_SCHEMES } from '@shared/rich-text/allow-list';
import { LinkBar } from './LinkBar';
import './RichTextEditor.css';

export interface RichTextEditorProps {
  label: string;
  /** HTML as stored (already sanitised by the server). */
  value: string;
  onChange: (html: string) => void;
  /** Pixels; SPEC.md section 9: EDITOR_HEIGHTS.paragraph (300) or .stepDescription (200). */
  height: number;
  description?: string;
  errorMessage?: string;
  isDisabled?: boolean;
}

interface Tool {
  label: string;
  /** Shown in the button (text, or an icon drawn in the text's colour); the label is its accessible name. */
  glyph: ReactNode;
  /** What a press does; the Link tool opens the link bar instead (`opensLinkBar`). */
  run: (editor: Editor) => void;
  opensLinkBar?: boolean;
  isActive?: (editor: Editor) => boolean;
  isEnabled?: (editor: Editor) => boolean;
}

/** A chain link, drawn like the other glyphs (the text's colour and size): an emoji shows as an empty box without an emoji font. */
const LINK_ICON = (
  <svg className="ui-rich-text-icon" viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
    <path d="M6.75 9.25a2.75 2.75 0 0 0 3.9 0l2.1-2.1a2.75 2.75 0 0 0-3.9-3.9l-.9.9" />
    <path d="M9.25 6.75a2.75 2.75 0 0 0-3.9 0l-2.1 2.1a2.75 2.75 0 0 0 3.9 3.9l.9-.9" />
  </svg>
);

const TOOLS: Tool[] = [
  { label: 'Bold', glyph: 'B', run: (e) => e.chain().focus().toggleBold().run(), isActive: (e) => e.isActive('bold') },
  { label: 'Italic', glyph: 'I', run: (e) => e.chain().focus().toggleItalic().run(), isActive: (e) => e.isActive('italic') },
  { label: 'Underline', glyph: 'U', run: (e) => e.chain().focus().toggleUnderline().run(), isActive: (e) => e.isActive('underline') },
  { label: 'Heading', glyph: 'H', run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(), isActive: (e) => e.isActive('heading', { level: 3 }) },
  { label: 'Bulleted list', glyph: '•', run: (e) => e.chain().focus().toggleBulletList().run(), isActive: (e) => e.isActive('bulletList') },
  { label: 'Numbered list', glyph: '1.', run: (e) => e.chain().focus().toggleOrderedList().run(), isActive: (e) => e.isActive('orderedList') },
  { label: 'Quote', glyph: '“', run: (e) => e.chain().focus().toggleBlockquote().run(), isActive: (e) => e.isActive('blockquote') },
  { label: 'Link', glyph: LINK_ICON, run: () => undefined, opensLinkBar: true, isActive: (e) => e.isActive('link') },
  { label: 'Undo', glyph: '↶', run: (e) => e.chain().focus().undo().run(), isEnabled: (e) => e.can().undo() },
  { label: 'Redo', glyph: '↷', run: (e) => e.chain().focus().redo().run(), isEnabled: (e) => e.can().redo() },
];

/**
 * The one rich-text editor (Tiptap, self-hosted; ARCHITECTURE.md section 10): a labelled
 * multi-line text box under a toolbar. The toolbar is one tab stop (arrow keys, Home and End
 * move along it; ARIA toolbar pattern), Tab leaves the text box as from any field, and the
 * usual shortcuts work inside it (Ctrl+B, Ctrl+I ...). What it makes fits the server's allow-list.
 */
export function RichTextEditor({ label, value, onChange, height, description, errorMessage, isDisabled = false }: RichTextEditorProps) {
  const id = useId();
  const [linkBarOpen, setLinkBarOpen] = useState(false);
  const labelId = `${id}-label`;
  const describedBy = [description ? `${id}-description` : '', errorMessage ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: { openOnClick: false, autolink: true, protocols: [...RICH_TEXT_SCHEMES] }, code: false, codeBlock: false })],
    content: value,
    editable: !isDisabled,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(errorMessage ? { 'aria-invalid': 'true' } : {}),
        class: 'ui-rich-text-content',
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  });
  // The toolbar reflects the selection without re-rendering the whole editor on every keystroke.
  const states = useEditorState({ editor, selector: ({ editor: current }) => TOOLS.map((tool) => ({ active: current ? (tool.isActive?.(current) ?? false) : false, enabled: current ? (tool.isEnabled?.(current) ?? true) : false })) });

  return (
    <div className="ui-field ui-rich-text" data-disabled={isDisabled || undefined}>
      <span id={labelId} className="ui-field-label">
        {label}
      </span>
      {!isDisabled && editor && <Toolbar editor={editor} label={label} states={states ?? []} onOpenLinkBar={() => setLinkBarOpen(true)} />}
      {!isDisabled && editor && linkBarOpen && <LinkBar editor={editor} label={label} onClose={() => setLinkBarOpen(false)} />}
      <div className="ui-rich-text-frame" style={{ height }} data-invalid={errorMessage ? true : undefined}>
        <EditorContent editor={editor} />
      </div>
      {description && (
        <p id={`${id}-description`} className="ui-field-description">
          {description}
        </p>
      )}
      {errorMessage && (
        <p id={`${id}-error`} className="ui-field-error">
          {errorMessage}
        </p>
      )}
    </div>
  );
}

interface ToolbarProps {
  editor: Editor;
  label: string;
  states: Array<{ active: boolean; enabled: boolean }>;
  onOpenLinkBar: () => void;
}

function Toolbar({ editor, label, states, onOpenLinkBar }: ToolbarProps) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const current = useRef(0);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = TOOLS.length - 1;
    const moves: Record<string, number> = { ArrowRight: current.current + 1, ArrowLeft: current.current - 1, Home: 0, End: last };
    if (!(event.key in moves)) return;
    event.preventDefault();
    current.current = (moves[event.key] + TOOLS.length) % TOOLS.length;
    buttons.current.forEach((button, index) => button?.setAttribute('tabindex', index === current.current ? '0' : '-1'));
    buttons.current[current.current]?.focus();
  }

  return (
    <div role="toolbar" aria-label={`${label} formatting`} className="ui-rich-text-toolbar" onKeyDown={onKeyDown}>
      {TOOLS.map((tool, index) => (
        <button
          key={tool.label}
          ref={(button) => {
            buttons.current[index] = button;
          }}
          type="button"
          className="ui-rich-text-tool"
          aria-label={tool.label}
          title={tool.label}
          aria-pressed={tool.isActive ? Boolean(states[index]?.active) : undefined}
          aria-disabled={states[index]?.enabled === false ? true : undefined}
          tabIndex={index === current.current ? 0 : -1}
          // The text keeps its selection: a mouse press on a tool must not move focus first.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            current.current = index;
            if (states[index]?.enabled === false) return;
            if (tool.opensLinkBar) onOpenLinkBar();
            else tool.run(editor);
          }}
        >
          <span aria-hidden="true">{tool.glyph}</span>
        </button>
      ))}
    </div>
  );
}
