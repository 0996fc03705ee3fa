/**
 * Line/column of a path (`["tasks", 2, "phase"]`) inside a YAML (or JSON) document, using the
 * `yaml` package's node ranges. A path that does not exist points at its nearest existing parent,
 * so "task is missing `phase`" lands on the task itself.
 */
import { isNode, type Document, type LineCounter } from "yaml";
import { toJsonPath } from "@/lib/workflow/parse-template";
import type { SourcePosition } from "./import-result";

export type YamlPath = readonly (string | number)[];

export interface YamlLocator {
  /** Position of the value at `path` (or its nearest existing parent). */
  at(path: YamlPath): SourcePosition;
  /** Position of the key of `path` when it is a map entry, else of the value. */
  keyAt(path: YamlPath): SourcePosition;
}

export function createYamlLocator(doc: Document, lineCounter: LineCounter): YamlLocator {
  const pos = (offset: number): SourcePosition => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  const valueAt = (path: YamlPath): SourcePosition => {
    for (let n = path.length; n >= 0; n--) {
      const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
      if (isNode(node) && node.range) return pos(node.range[0]);
    }
    return { line: 1, column: 1 };
  };
  return {
    at: valueAt,
    keyAt(path) {
      const parent = path.length ? doc.getIn(path.slice(0, -1), true) : undefined;
      const items = (parent as { items?: { key?: unknown }[] } | undefined)?.items;
      const last = path[path.length - 1];
      const pair = items?.find((p) => isNode(p.key) && (p.key as { value?: unknown }).value === last);
      if (pair && isNode(pair.key) && pair.key.range) return pos(pair.key.range[0]);
      return valueAt(path);
    },
  };
}

/** Where a value starts, and its entries: a map's keys (with the key's offset) or a list's items. */
export interface PositionNode {
  start: number;
  keys?: Map<string, { key: number; node: PositionNode }>;
  items?: PositionNode[];
}

/** An index into a list the way `yaml` reads one: a non-negative integer, or its digits as text. */
function itemIndex(key: string | number): number | undefined {
  const n = typeof key === "string" && key !== "" ? Number(key) : key;
  return typeof n === "number" && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/**
 * The same locator over offsets recorded while reading the text (the playbook fast path), so
 * every position equals the one `createYamlLocator` gives for the same document.
 */
export function createPositionLocator(root: PositionNode, text: string): YamlLocator {
  const lineStarts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  const pos = (offset: number): SourcePosition => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lineStarts[lo] + 1 };
  };
  const child = (node: PositionNode, key: string | number): PositionNode | undefined => {
    if (node.keys) return typeof key === "string" ? node.keys.get(key)?.node : undefined;
    const index = itemIndex(key);
    return node.items && index !== undefined ? node.items[index] : undefined;
  };
  /** The deepest node along `path`, and whether it is the node at `path` itself. */
  const walk = (path: YamlPath): [PositionNode, boolean] => {
    let node = root;
    for (const key of path) {
      const next = child(node, key);
      if (!next) return [node, false];
      node = next;
    }
    return [node, true];
  };
  return {
    at: (path) => pos(walk(path)[0].start),
    keyAt(path) {
      if (path.length > 0) {
        const [parent, found] = walk(path.slice(0, -1));
        const last = path[path.length - 1];
        const entry = found && typeof last === "string" ? parent.keys?.get(last) : undefined;
        if (entry) return pos(entry.key);
      }
      return pos(walk(path)[0].start);
    },
  };
}

/** `["tasks", 2, "phase"]` → `tasks[2].phase` (the same notation as template JSON paths). */
export function yamlPathString(path: YamlPath): string {
  return toJsonPath(path);
}
