import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  StrikethroughOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Space } from 'antd';
import { useEffect } from 'react';
import styles from './rich-text-editor.module.css';

/**
 * A rich-text editor (TipTap) whose output is HTML; the server sanitizes it on save. Only imported by the
 * lazy editor routes.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  readOnly = false,
  minHeight = 160,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  readOnly?: boolean;
  minHeight?: number;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } }),
    ],
    content: value,
    editable: !readOnly,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  // A reload (or a restore) replaces the content from outside.
  useEffect(() => {
    if (
      editor &&
      !editor.isDestroyed &&
      !editor.isFocused &&
      editor.getHTML() !== value &&
      !(editor.isEmpty && value === '')
    ) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  const mark = (name: string, run: () => void, icon: React.ReactNode, text: string) => (
    <Button
      size="small"
      type={editor && !editor.isDestroyed && editor.isActive(name) ? 'primary' : 'text'}
      icon={icon}
      aria-label={text}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
      disabled={readOnly}
    />
  );

  return (
    <div className={styles.box}>
      {readOnly || !editor ? null : (
        <Space size={2} className={styles.toolbar}>
          {mark('bold', () => editor.chain().focus().toggleBold().run(), <BoldOutlined />, 'Bold')}
          {mark('italic', () => editor.chain().focus().toggleItalic().run(), <ItalicOutlined />, 'Italic')}
          {mark(
            'strike',
            () => editor.chain().focus().toggleStrike().run(),
            <StrikethroughOutlined />,
            'Strike',
          )}
          {mark(
            'heading',
            () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
            <b>H</b>,
            'Heading',
          )}
          {mark(
            'bulletList',
            () => editor.chain().focus().toggleBulletList().run(),
            <UnorderedListOutlined />,
            'Bullet list',
          )}
          {mark(
            'orderedList',
            () => editor.chain().focus().toggleOrderedList().run(),
            <OrderedListOutlined />,
            'Ordered list',
          )}
          {mark(
            'codeBlock',
            () => editor.chain().focus().toggleCodeBlock().run(),
            <code>{'{}'}</code>,
            'Code block',
          )}
        </Space>
      )}
      <EditorContent editor={editor} className={styles.content} style={{ minHeight }} />
    </div>
  );
}
