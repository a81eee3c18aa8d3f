/**
 * The grapesjs editor of email templates: the newsletter preset (table-based blocks, CSS inlining
 * on export) set up to work offline, plus the blocks the preset lacks. Only the lazy editor page
 * imports this module, so grapesjs and its CSS stay out of the initial bundle.
 */
import grapesjs, { type AssetsCustomData, type BlockProperties, type Editor, type ProjectData } from 'grapesjs';
import presetExport from 'grapesjs-preset-newsletter';
import 'grapesjs/dist/css/grapes.min.css';
import { escapeHtml } from '../../../../shared/domain/personalization.js';

type NewsletterPreset = typeof presetExport;

/**
 * The preset ships as a UMD bundle: built with Node's CommonJS rules (our package is "type":
 * "module"), the default import is its whole exports object, whose `default` is the plugin.
 */
const newsletterPreset: NewsletterPreset = typeof presetExport === 'function' ? presetExport : (presetExport as unknown as { default: NewsletterPreset }).default;

export type { Editor as EmailEditor };

/** The preview widths of the top bar's toggle. */
export const EDITOR_DEVICES = { desktop: 'desktop', mobile: 'mobile' } as const;
export type EditorDevice = keyof typeof EDITOR_DEVICES;

/**
 * The preset's blocks we offer. Its "grid-items" and "list-items" are left out: their images come
 * from via.placeholder.com, a remote host a saved email would depend on.
 */
const PRESET_BLOCKS = ['sect100', 'sect50', 'sect30', 'sect37', 'text', 'text-sect', 'image', 'button', 'divider', 'quote', 'link', 'link-block'] as const;
/** Blocks this module adds. */
const OWN_BLOCKS = ['spacer', 'social-links'] as const;
export type EmailBlockId = (typeof PRESET_BLOCKS)[number] | (typeof OWN_BLOCKS)[number];

/** The panel buttons left after REPLACED_PRESET_BUTTONS. */
const PANEL_BUTTONS = ['sw-visibility', 'preview', 'export-template', 'gjs-toggle-images', 'open-sm', 'open-tm', 'open-layers', 'open-blocks'] as const;
export type PanelButtonId = (typeof PANEL_BUTTONS)[number];

/** The preset's command that returns the HTML with the CSS inlined (juice). */
const INLINED_HTML_COMMAND = 'gjs-get-inlined-html';

/** Preset panel buttons the page's own top bar replaces, or that would bypass it (clear, import). */
const REPLACED_PRESET_BUTTONS = ['undo', 'redo', 'canvas-clear', 'gjs-open-import-template', 'fullscreen'];

/**
 * Style manager sectors with the properties email clients honour. The preset's own sectors draw
 * their choices with Font Awesome classes, which would need the icon font from a CDN; these use
 * grapesjs's built-in property definitions, labelled in text.
 */
const STYLE_SECTORS = [
  { name: 'Dimension', open: false, buildProps: ['width', 'height', 'max-width', 'min-height', 'margin', 'padding'] },
  {
    name: 'Typography',
    open: false,
    buildProps: ['font-family', 'font-size', 'font-weight', 'letter-spacing', 'color', 'line-height', 'text-align', 'text-decoration', 'font-style', 'vertical-align'],
  },
  { name: 'Decorations', open: false, buildProps: ['background-color', 'border-radius', 'border', 'border-collapse'] },
];

const BUTTON_BLOCK: BlockProperties['content'] = {
  type: 'link',
  content: 'Button',
  attributes: { href: 'https://' },
  // Padding and background on the link itself: a button in most clients, a coloured link in Outlook for Windows.
  style: {
    display: 'inline-block',
    padding: '12px 24px',
    'background-color': '#2563eb',
    color: '#ffffff',
    'border-radius': '6px',
    'text-decoration': 'none',
    'font-family': 'Arial, Helvetica, sans-serif',
    'font-weight': 'bold',
  },
};

// A fixed-height cell: email clients ignore margins on many elements, but never a cell's height.
const SPACER_BLOCK = `<table style="width: 100%; border-collapse: collapse;">
  <tr><td style="height: 32px; line-height: 32px; font-size: 0;">&nbsp;</td></tr>
</table>`;

const SOCIAL_NETWORKS = [
  { name: 'Facebook', url: 'https://www.facebook.com/' },
  { name: 'Instagram', url: 'https://www.instagram.com/' },
  { name: 'X', url: 'https://x.com/' },
  { name: 'LinkedIn', url: 'https://www.linkedin.com/' },
];

// Text links, not icon images: an image would have to be hosted somewhere before the email is sent.
const SOCIAL_LINKS_BLOCK = `<table style="margin: 0 auto; border-collapse: collapse;">
  <tr>${SOCIAL_NETWORKS.map(
    ({ name, url }) =>
      `<td style="padding: 4px 8px;"><a href="${url}" style="display: inline-block; padding: 6px 12px; border-radius: 14px; background-color: #eef2f7; color: #1f2937; font-family: Arial, Helvetica, sans-serif; font-size: 13px; text-decoration: none;">${name}</a></td>`,
  ).join('')}</tr>
</table>`;

const BLOCK_ICON_STYLE = 'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.5"';

type CreateOptions = {
  container: HTMLElement;
  /** The saved design (its `project`), or null to start empty. */
  project: ProjectData | null;
  /** HTML to start from when a template has no design (one made elsewhere); used only without `project`. */
  html: string | null;
  /** The label of a block in the user's language. */
  blockLabel(id: EmailBlockId): string;
  /** The name (tooltip and accessible name) of a panel button in the user's language. */
  buttonLabel(id: PanelButtonId): string;
  /**
   * Opens the file manager to choose an image (an image block's asset manager): `choose` sets the
   * image's URL, `cancel` closes without a change.
   */
  pickImage?(request: { choose(url: string): void; cancel(): void }): void;
};

/** Starts grapesjs in `container`; the caller destroys it with `editor.destroy()`. */
export function createEmailEditor({ container, project, html, blockLabel, buttonLabel, pickImage }: CreateOptions): Editor {
  const editor = grapesjs.init({
    container,
    height: '100%',
    width: 'auto',
    // The page saves through the templates API; grapesjs keeps nothing in localStorage.
    storageManager: false,
    // grapesjs names its panel buttons (title, tooltip) from its English messages; ours are in the user's language.
    i18n: { locale: 'en', detectLocale: false, messagesAdd: { en: { panels: { buttons: { titles: Object.fromEntries(PANEL_BUTTONS.map((id) => [id, buttonLabel(id)])) } } } } },
    // The default loads Font Awesome from cdnjs; the machine (and many offices) is offline.
    cssIcons: '',
    // Images come from the account's file manager: the asset manager opens our picker, not its own modal.
    assetManager: { upload: false, custom: Boolean(pickImage) },
    // A click on a block adds it too (into the selected block, or after it): dragging is not for every hand or device.
    blockManager: { appendOnClick: true },
    deviceManager: {
      devices: [
        { id: EDITOR_DEVICES.desktop, name: 'Desktop', width: '' },
        // widthMedia: the mobile styles the editor writes apply below 480px, where phones are.
        { id: EDITOR_DEVICES.mobile, name: 'Mobile', width: '375px', widthMedia: '480px' },
      ],
    },
    styleManager: { sectors: STYLE_SECTORS },
    ...(project ? { projectData: project } : { components: html ?? '' }),
    plugins: [
      (instance) =>
        newsletterPreset(instance, {
          blocks: [...PRESET_BLOCKS],
          // Called only with the ids of `blocks` above.
          block: (id: string) => ({ label: blockLabel(id as EmailBlockId), ...(id === 'button' && { content: BUTTON_BLOCK }) }),
          updateStyleManager: false,
          // Its theme is a style element added to the app's own document, for colours grapesjs already has.
          useCustomTheme: false,
        }),
    ],
  });

  editor.Blocks.add('spacer', {
    label: blockLabel('spacer'),
    media: `<svg ${BLOCK_ICON_STYLE}><path d="M4 6h16M4 18h16M12 9v6M9.5 11.5 12 9l2.5 2.5M9.5 12.5 12 15l2.5-2.5"/></svg>`,
    content: SPACER_BLOCK,
  });
  editor.Blocks.add('social-links', {
    label: blockLabel('social-links'),
    media: `<svg ${BLOCK_ICON_STYLE}><circle cx="6" cy="12" r="2.5"/><circle cx="18" cy="6" r="2.5"/><circle cx="18" cy="18" r="2.5"/><path d="m8.2 10.8 7.6-3.6M8.2 13.2l7.6 3.6"/></svg>`,
    content: SOCIAL_LINKS_BLOCK,
  });

  if (pickImage) openFileManagerForAssets(editor, pickImage);

  editor.Panels.removePanel('devices-c');
  for (const button of REPLACED_PRESET_BUTTONS) editor.Panels.removeButton('options', button);
  return editor;
}

/** Each opening of the (custom) asset manager opens the picker once; its choice becomes the target image's src. */
function openFileManagerForAssets(editor: Editor, pickImage: NonNullable<CreateOptions['pickImage']>): void {
  let isPicking = false;
  editor.on('asset:custom', (props: AssetsCustomData) => {
    if (!props.open || isPicking) return;
    isPicking = true;
    pickImage({
      choose: (url) => {
        isPicking = false;
        props.select(props.am.add({ type: 'image', src: url }), true);
        props.close();
      },
      cancel: () => {
        isPicking = false;
        props.close();
      },
    });
  });
}

/**
 * The email as sent: the design's HTML with its CSS inlined into style attributes (what email
 * clients keep), in a complete document. Media queries stay in a style block, as juice leaves them.
 */
export function exportEmailHtml(editor: Editor, title: string): string {
  const inlined = String(editor.runCommand(INLINED_HTML_COMMAND)).trim();
  const body = /^<body[\s>]/i.test(inlined) ? inlined : `<body>${inlined}</body>`;
  return [
    '<!doctype html>',
    '<html>',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    '</head>',
    body,
    '</html>',
  ].join('\n');
}

/**
 * Ends text editing so what was typed reaches the design: grapesjs copies the rich-text editor's
 * content into its model only when editing stops.
 */
export async function commitTextEditing(editor: Editor): Promise<void> {
  const editing = editor.getEditing();
  const view = editing?.getView();
  if (view && 'disableEditing' in view && typeof view.disableEditing === 'function') await view.disableEditing();
}

/**
 * Puts `html` where the author is: at the caret of the text being edited, else after the selected
 * block, else at the end of the email.
 */
export function insertIntoDesign(editor: Editor, html: string): void {
  const rte = editor.RichTextEditor.globalRte;
  if (editor.getEditing() && rte) {
    rte.insertHTML(html);
    return;
  }
  const content = { type: 'text', components: html, style: { padding: '10px' } };
  const selected = editor.getSelected();
  const parent = selected?.parent();
  if (selected && parent) parent.append(content, { at: selected.index() + 1 });
  else editor.getWrapper()?.append(content);
}
