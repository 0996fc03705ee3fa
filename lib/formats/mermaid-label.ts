/**
 * Node and edge label text in Mermaid: `#quot;`-style entities, and the inline
 * annotations of docs/formats.md `Label|type=loop|max_iter=3` (accepted bare or inside quotes).
 */

const NAMED: Readonly<Record<string, string>> = { quot: '"', amp: "&", lt: "<", gt: ">", apos: "'" };

/** Decodes `#quot;`, `#124;` (decimal) and `#x7C;` entities, Mermaid's escapes inside labels. */
export function unescapeMermaidText(s: string): string {
  if (!s.includes("#")) return s;
  return s.replace(/#(x[0-9a-fA-F]+|\d+|[a-z]+);/g, (all, code: string) => {
    if (code[0] === "x") return String.fromCodePoint(parseInt(code.slice(1), 16));
    if (/^\d/.test(code)) return String.fromCodePoint(Number(code));
    return NAMED[code] ?? all;
  });
}

/**
 * Escapes text for a quoted Mermaid label: `"`, `|` (annotation separator), `#`, line breaks, and
 * backticks (a label starting with one is a Markdown string to mermaid, which then rejects `|`).
 */
export function escapeMermaidText(s: string): string {
  return s.replace(/[#"|`\n\r\u2028\u2029]/g, (c) => (c === '"' ? "#quot;" : `#${c.codePointAt(0)};`));
}

export interface MermaidLabel {
  name: string;
  /** `key=value` annotations in order of appearance. */
  annotations: [key: string, value: string][];
}

/** `Fetch|type=tool|max_iter=2` → name "Fetch" + annotations; parts without `=` stay in the name. */
export function parseMermaidLabel(raw: string): MermaidLabel {
  const parts = raw.split("|");
  const nameParts = [parts[0]];
  const annotations: [string, string][] = [];
  for (const part of parts.slice(1)) {
    const m = /^\s*([A-Za-z_][\w-]*)\s*=([\s\S]*)$/.exec(part);
    if (m) annotations.push([m[1], unescapeMermaidText(m[2].trim())]);
    else nameParts.push(part);
  }
  return { name: unescapeMermaidText(nameParts.join("|").trim()), annotations };
}
