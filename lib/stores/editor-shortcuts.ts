/**
 * The editor's keyboard shortcuts, one registry: the key handler dispatches through it and the `?`
 * help dialog lists it, so the two cannot disagree. Pure: a key test looks at a key event's fields.
 */
export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export const SHORTCUT_COMMANDS = [
  "creator",
  "find",
  "zoomSelection",
  "note",
  "add",
  "delete",
  "duplicate",
  "copy",
  "paste",
  "selectAll",
  "undo",
  "redo",
  "save",
  "layout",
  "fitView",
  "help",
] as const;
export type ShortcutCommand = (typeof SHORTCUT_COMMANDS)[number];

export interface Shortcut {
  command: ShortcutCommand;
  /** What the help dialog shows. */
  keys: string;
  label: string;
  /** Also while typing in a text field (Save only: text fields keep their own undo, copy and paste). */
  inTextFields?: boolean;
  test(e: KeyLike): boolean;
}

const mod = (e: KeyLike) => e.ctrlKey || e.metaKey;
const plain = (e: KeyLike) => !e.ctrlKey && !e.metaKey && !e.altKey;
const is = (e: KeyLike, key: string) => e.key.toLowerCase() === key;

export const SHORTCUTS: readonly Shortcut[] = [
  {
    command: "creator",
    keys: "Tab or /",
    label: "Node creator: search a type, Enter adds it after the selected node (Tab only on the canvas)",
    test: (e) => plain(e) && !e.shiftKey && (e.key === "Tab" || e.key === "/"),
  },
  { command: "find", keys: "Ctrl/⌘ F", label: "Find a node by id or name", test: (e) => mod(e) && is(e, "f") },
  {
    command: "zoomSelection",
    keys: "Shift F",
    label: "Zoom to the selection",
    test: (e) => plain(e) && e.shiftKey && is(e, "f"),
  },
  { command: "note", keys: "Shift N", label: "Add a sticky note", test: (e) => plain(e) && e.shiftKey && is(e, "n") },
  { command: "add", keys: "N", label: "Add a node (focus the palette)", test: (e) => plain(e) && is(e, "n") },
  {
    command: "delete",
    keys: "Delete / Backspace",
    label: "Delete the selection",
    test: (e) => plain(e) && (e.key === "Delete" || e.key === "Backspace"),
  },
  { command: "duplicate", keys: "Ctrl/⌘ D", label: "Duplicate the selection", test: (e) => mod(e) && is(e, "d") },
  { command: "copy", keys: "Ctrl/⌘ C", label: "Copy (as template JSON)", test: (e) => mod(e) && is(e, "c") },
  { command: "paste", keys: "Ctrl/⌘ V", label: "Paste nodes", test: (e) => mod(e) && is(e, "v") },
  { command: "selectAll", keys: "Ctrl/⌘ A", label: "Select every node", test: (e) => mod(e) && is(e, "a") },
  { command: "undo", keys: "Ctrl/⌘ Z", label: "Undo", test: (e) => mod(e) && !e.shiftKey && is(e, "z") },
  {
    command: "redo",
    keys: "Shift Ctrl/⌘ Z, Ctrl Y",
    label: "Redo",
    test: (e) => mod(e) && ((e.shiftKey && is(e, "z")) || (!e.shiftKey && is(e, "y"))),
  },
  { command: "save", keys: "Ctrl/⌘ S", label: "Save", inTextFields: true, test: (e) => mod(e) && is(e, "s") },
  { command: "layout", keys: "L (Shift L: top to bottom)", label: "Auto-layout", test: (e) => plain(e) && is(e, "l") },
  { command: "fitView", keys: "F", label: "Fit the view", test: (e) => plain(e) && !e.shiftKey && is(e, "f") },
  { command: "help", keys: "?", label: "This list", test: (e) => !mod(e) && e.key === "?" },
];

/** The shortcut a key event means, if any. */
export function matchShortcut(e: KeyLike, inTextField: boolean): Shortcut | undefined {
  return SHORTCUTS.find((s) => (!inTextField || s.inTextFields) && s.test(e));
}
