/**
 * The markdown a sticky note shows: headings (`#`), list items (`-`, `*`, `1.`), paragraphs, and in
 * them **bold**, *italic*, `code` and [links](https://…). Parsed into plain data that the note renders
 * as React elements, so no text is ever HTML: markup in a note shows as the characters typed.
 */
export type Span =
  { kind: "text" | "bold" | "italic" | "code"; text: string } | { kind: "link"; text: string; href: string };
export type Block = { kind: "heading"; level: 1 | 2 | 3; spans: Span[] } | { kind: "item" | "para"; spans: Span[] };

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*|_[^_\s][^_]*_|\[[^\]]+\]\([^)\s]+\))/g;

/** Only web links are links; anything else (javascript:, data:) stays text. */
const SAFE_HREF = /^https?:\/\//i;

export function parseSpans(line: string): Span[] {
  const spans: Span[] = [];
  let last = 0;
  for (const m of line.matchAll(INLINE)) {
    if (m.index > last) spans.push({ kind: "text", text: line.slice(last, m.index) });
    const t = m[0];
    if (t.startsWith("**")) spans.push({ kind: "bold", text: t.slice(2, -2) });
    else if (t.startsWith("`")) spans.push({ kind: "code", text: t.slice(1, -1) });
    else if (t.startsWith("[")) {
      const close = t.indexOf("](");
      const href = t.slice(close + 2, -1);
      const text = t.slice(1, close);
      spans.push(SAFE_HREF.test(href) ? { kind: "link", text, href } : { kind: "text", text: t });
    } else spans.push({ kind: "italic", text: t.slice(1, -1) });
    last = m.index + t.length;
  }
  if (last < line.length) spans.push({ kind: "text", text: line.slice(last) });
  return spans;
}

export function parseNoteMarkdown(text: string): Block[] {
  const blocks: Block[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length) blocks.push({ kind: "para", spans: parseSpans(para.join(" ")) });
    para = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = /^(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      blocks.push({ kind: "heading", level: heading[1].length as 1 | 2 | 3, spans: parseSpans(heading[2]) });
    } else if (item) {
      flush();
      blocks.push({ kind: "item", spans: parseSpans(item[1]) });
    } else para.push(line);
  }
  flush();
  return blocks;
}
