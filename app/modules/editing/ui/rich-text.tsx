import Link from "@tiptap/extension-link";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useTranslation } from "~/lib/i18n";

/**
 * The rich-text editor of text sections and page bodies (decision 0051), on TipTap
 * (ProseMirror). It only ever lives in the edit-mode chunk. What it writes is HTML that
 * the server puts through the CMS allow-list on save (componentsForSave, savePageContent)
 * and again on render, so the editor's own output is never trusted. Its tools are the
 * ones the allow-list keeps: paragraphs, h2/h3, bold, italic, lists, links.
 */
export default function RichText({
  id,
  value,
  onChange,
  label,
}: {
  id: string;
  value: string;
  onChange: (html: string) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        code: false,
        horizontalRule: false,
        strike: false,
        link: false,
      }),
      Link.configure({ openOnClick: false, autolink: false, HTMLAttributes: { rel: "noopener noreferrer" } }),
    ],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        "aria-label": label,
        role: "textbox",
        "aria-multiline": "true",
        class: "prose min-h-40 max-w-none rounded border border-slate-300 p-3 focus:outline-2 focus:outline-brand-600",
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.getHTML()),
  });
  if (!editor) return null;
  return (
    <div data-testid="rich-text">
      <div role="toolbar" aria-label={t("editing.richText.label")} className="mb-1 flex flex-wrap gap-1">
        <Tool editor={editor} label={t("editing.richText.bold")} active={editor.isActive("bold")} run={(c) => c.toggleBold()}>
          <b>B</b>
        </Tool>
        <Tool editor={editor} label={t("editing.richText.italic")} active={editor.isActive("italic")} run={(c) => c.toggleItalic()}>
          <i>I</i>
        </Tool>
        <Tool
          editor={editor}
          label={t("editing.richText.heading")}
          active={editor.isActive("heading", { level: 2 })}
          run={(c) => c.toggleHeading({ level: 2 })}
        >
          H2
        </Tool>
        <Tool
          editor={editor}
          label={t("editing.richText.bulletList")}
          active={editor.isActive("bulletList")}
          run={(c) => c.toggleBulletList()}
        >
          •
        </Tool>
        <Tool
          editor={editor}
          label={t("editing.richText.orderedList")}
          active={editor.isActive("orderedList")}
          run={(c) => c.toggleOrderedList()}
        >
          1.
        </Tool>
        <Tool
          editor={editor}
          label={t("editing.richText.link")}
          active={editor.isActive("link")}
          run={(c) => {
            const href = window.prompt(
              t("editing.richText.linkUrl"),
              (editor.getAttributes("link").href as string | undefined) ?? "https://",
            );
            // Only addresses the allow-list keeps: web, mail, phone and the shop's own paths.
            if (!href || !/^(https?:\/\/|mailto:|tel:|\/)/.test(href)) return c.unsetLink();
            return c.extendMarkRange("link").setLink({ href });
          }}
        >
          🔗
        </Tool>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}

type Chain = ReturnType<Editor["chain"]>;

function Tool({
  editor,
  label,
  active,
  run,
  children,
}: {
  editor: Editor;
  label: string;
  active: boolean;
  run: (chain: Chain) => Chain;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      className={`min-w-8 rounded border px-2 py-1 text-sm ${active ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-white"}`}
      onClick={() => run(editor.chain().focus()).run()}
    >
      {children}
    </button>
  );
}
