/**
 * Line/column of a path inside a document whose value offsets were recorded while reading it (the
 * playbook fast path, template JSON): the same answers `createYamlLocator` gives from the `yaml`
 * package's node ranges, without loading that package.
 */
import type { SourcePosition } from "./import-result";
import type { YamlLocator, YamlPath } from "./yaml-locator";

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

/** The locator over recorded offsets: every position equals the one `createYamlLocator` gives for the same document. */
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
