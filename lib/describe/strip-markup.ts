/**
 * What a description may carry besides words: HTML (when it has real tags), Markdown emphasis,
 * links, headings, quotes and code fences, emoji and other pictographs, control characters. All of
 * it becomes plain lines the readers understand; what was removed is said in `notes`.
 */

export interface PlainText {
  text: string;
  notes: string[];
}

const HTML_TAGS =
  "html|head|body|div|span|p|br|hr|b|i|u|em|strong|ul|ol|li|a|h[1-6]|code|pre|table|thead|tbody|tr|td|th|section|article|header|footer|nav|img|blockquote|script|style|font|small|sup|sub|s|del|ins|mark|input|button|form|label|meta|link|title";
/** A document with a closing tag, a self-closing tag, a comment or a doctype is HTML. */
const LOOKS_HTML = new RegExp(`</(?:${HTML_TAGS})\\s*>|<(?:${HTML_TAGS})\\b[^>]*/>|<!--|<!doctype`, "i");
const TAG = new RegExp(`</?(?:${HTML_TAGS})\\b[^>]*>`, "gi");
const ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  "#39": "'",
};
/** Pictographs and other symbols; arrows stay, they are sequence marks. */
const SYMBOLS =
  /(?![\u2190-\u21FF\u27F0-\u27FF\u2900-\u297F])[\p{Extended_Pictographic}\p{So}\u{1F1E6}-\u{1F1FF}]|\u{FE0F}|\u{200D}|\u{20E3}/gu;
// Control characters and the private-use area are the readers' own markers; a person never types them.
// eslint-disable-next-line no-control-regex -- the point is to remove control characters
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uE000-\uF8FF]/g;

function stripHtml(text: string): string {
  return text
    .replace(/<!--[\s\S]*?-->|<!doctype[^>]*>/gi, " ")
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<li\b[^>]*>/gi, "\n- ")
    .replace(/<br\s*\/?>|<\/(?:p|div|li|h[1-6]|tr|ul|ol|pre|blockquote)\s*>/gi, "\n")
    .replace(TAG, " ")
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/gi, (_, e: string) => ENTITIES[e.toLowerCase()] ?? " ");
}

/** Code fences: each line inside becomes a command item. */
function unfence(text: string): string {
  return text.replace(/^[ \t]*```[^\n]*\n([\s\S]*?)^[ \t]*```[ \t]*$/gm, (_, body: string) =>
    body
      .split("\n")
      .map((l) => l.trim().replace(/`/g, ""))
      .filter((l) => l && !l.startsWith("#"))
      .map((l) => `- run \`${l}\``)
      .join("\n"),
  );
}

function stripMarkdown(text: string, notes: string[]): string {
  const lines = text.split("\n");
  const headings = lines.filter((l) => /^\s*#{1,6}\s+\S/.test(l));
  const body = lines.filter((l) => l.trim() && !headings.includes(l));
  if (headings.length && body.length) {
    notes.push(
      `Headings (${headings.map((h) => `"${h.replace(/^\s*#+\s*/, "").trim()}"`).join(", ")}) are titles, not steps.`,
    );
  }
  return lines
    .map((l) => (headings.includes(l) ? (body.length ? "" : l.replace(/^\s*#+\s*/, "")) : l))
    .map((l) => l.replace(/^\s*>\s?/, "").replace(/^\s*(?:-{3,}|\*{3,}|_{3,}|\|?[\s:|-]*-{3,}[\s:|-]*)\s*$/, ""))
    .join("\n")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]+)\]\((?:[^)\s]+)\)/g, "$1")
    .replace(/(\*\*|__|~~)(?=\S)([^\n]*?\S)\1/g, "$2")
    .replace(/(?<![\w*])\*(?=[^\s*])([^*\n]*?[^\s*])\*(?![\w*])/g, "$1")
    .replace(/(?<![\w])_(?=[^\s_])([^_\n]*?[^\s_])_(?![\w])/g, "$1");
}

export function stripMarkup(description: string): PlainText {
  const notes: string[] = [];
  let text = description.replace(/\r\n?/g, "\n").replace(CONTROL, " ");
  if (text.includes("<") && LOOKS_HTML.test(text)) {
    text = stripHtml(text);
    notes.push("HTML markup was removed before reading.");
  }
  const unfenced = text.includes("```") ? unfence(text) : text;
  if (unfenced !== text) notes.push("Each line of a code block was read as a command to run.");
  text = /[#>*_~|[\]-]/.test(unfenced) ? stripMarkdown(unfenced, notes) : unfenced;
  const plain = /[^\t\n\r -~]/.test(text) ? text.replace(SYMBOLS, " ") : text;
  if (plain !== text) notes.push("Emoji and other symbols were ignored.");
  return { text: plain, notes };
}
