/**
 * Line/column of a path (`["tasks", 2, "phase"]`) inside a YAML (or JSON) document, using the
 * `yaml` package's node ranges. A path that does not exist points at its nearest existing parent,
 * so "task is missing `phase`" lands on the task itself.
 */
import { isNode, type Document, type LineCounter } from "yaml";
import { toJsonPath } from "@/lib/workflow/model/parse-template";
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

/** `["tasks", 2, "phase"]` → `tasks[2].phase` (the same notation as template JSON paths). */
export function yamlPathString(path: YamlPath): string {
  return toJsonPath(path);
}
