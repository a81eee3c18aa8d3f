/**
 * A stand-in for the grapesjs package, which draws its canvas in an iframe and measures layout:
 * things happy-dom does not do. The page and our email-editor module run for real against it,
 * as they would against grapesjs; a test edits the design through `currentDesign()`.
 */

type Listener = () => void;

/** The design of the open editor, as a test drives it. */
export type FakeDesign = {
  /** The email's body as the editor would export it. */
  html: string;
  /** Commands the page ran (core:preview opens the read-only view). */
  commands: string[];
  /** The author changes the design: one more undo step and one more unsaved change. */
  edit(html: string): void;
};

let current: FakeDesign | null = null;

/** The design of the editor the page opened last. */
export function currentDesign(): FakeDesign {
  if (!current) throw new Error('No editor was opened');
  return current;
}

function init(config: { components?: string; projectData?: { html?: string } }) {
  const listeners = new Map<string, Listener[]>();
  const emit = (event: string) => (listeners.get(event) ?? []).forEach((listener) => listener());
  let undoSteps = 0;
  let redoSteps = 0;
  let dirty = 0;
  const design: FakeDesign = {
    html: config.projectData?.html ?? config.components ?? '',
    commands: [],
    edit(html) {
      design.html = html;
      undoSteps += 1;
      redoSteps = 0;
      dirty += 1;
      emit('update');
    },
  };
  current = design;
  const panelButtons = { removePanel() {}, removeButton() {} };
  return {
    Blocks: { add() {} },
    Panels: panelButtons,
    UndoManager: {
      hasUndo: () => undoSteps > 0,
      hasRedo: () => redoSteps > 0,
      clear: () => {
        undoSteps = 0;
        redoSteps = 0;
      },
      undo: () => {
        undoSteps -= 1;
        redoSteps += 1;
        emit('undo');
      },
      redo: () => {
        redoSteps -= 1;
        undoSteps += 1;
        emit('redo');
      },
    },
    on(events: string, listener: Listener) {
      for (const event of events.split(' ')) listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
    // grapesjs is ready once its canvas frame has loaded: later than the call.
    onReady(callback: Listener) {
      setTimeout(callback, 0);
    },
    getDirtyCount: () => dirty,
    clearDirtyCount: () => {
      dirty = 0;
    },
    runCommand(command: string) {
      design.commands.push(command);
      // The newsletter preset's export: the body with the CSS inlined.
      return command === 'gjs-get-inlined-html' ? `<body>${design.html}</body>` : undefined;
    },
    getProjectData: () => ({ html: design.html }),
    getEditing: () => null,
    setDevice() {},
    destroy() {},
  };
}

export default { init };
