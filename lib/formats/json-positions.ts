/**
 * Where each value of a JSON text starts, read in one pass over text `JSON.parse` has already accepted:
 * the offsets `createPositionLocator` turns into line/column for a diagnostic's path. The `yaml` package
 * gives the same positions (JSON is YAML), but loading it and building its document cost a `wf validate`
 * of a small template ~15 ms (measured). A repeated key points at its first occurrence, as in `yaml`.
 */
import type { PositionNode } from "./position-locator";

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The position tree of `text`, which must be valid JSON. */
export function jsonPositions(text: string): PositionNode {
  let i = 0;
  const skipSpace = () => {
    while (WHITESPACE.has(text.charCodeAt(i))) i++;
  };
  /** Index just past the string starting at `i` (its opening quote). */
  const stringEnd = (from: number): number => {
    let j = from + 1;
    for (;;) {
      const c = text.charCodeAt(j);
      if (c === QUOTE) return j + 1;
      j += c === BACKSLASH ? 2 : 1;
    }
  };
  const value = (): PositionNode => {
    skipSpace();
    const start = i;
    const c = text[i];
    if (c === "{") {
      const keys = new Map<string, { key: number; node: PositionNode }>();
      i++;
      skipSpace();
      if (text[i] === "}") i++;
      else
        for (;;) {
          skipSpace();
          const keyStart = i;
          i = stringEnd(i);
          const raw = text.slice(keyStart + 1, i - 1);
          const name = raw.includes("\\") ? (JSON.parse(text.slice(keyStart, i)) as string) : raw;
          skipSpace();
          i++; // the colon
          const node = value();
          if (!keys.has(name)) keys.set(name, { key: keyStart, node });
          skipSpace();
          if (text[i++] === "}") break; // else a comma
        }
      return { start, keys };
    }
    if (c === "[") {
      const items: PositionNode[] = [];
      i++;
      skipSpace();
      if (text[i] === "]") i++;
      else
        for (;;) {
          items.push(value());
          skipSpace();
          if (text[i++] === "]") break; // else a comma
        }
      return { start, items };
    }
    if (c === '"') i = stringEnd(i);
    else while (i < text.length && !WHITESPACE.has(text.charCodeAt(i)) && !",]}".includes(text[i])) i++;
    return { start };
  };
  return value();
}
