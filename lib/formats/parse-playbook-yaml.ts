/**
 * Playbook text → plain value + a locator for diagnostics. `!include <path>` (a YAML tag or a
 * plain string) is kept as the marker string `!include <path>` for resolvePlaybookIncludes.
 */
import { LineCounter, parseDocument, type ScalarTag } from "yaml";
import type { Diagnostic } from "@/lib/workflow/diagnostic";
import { formatIssue } from "./format-issues";
import { createYamlLocator, type YamlLocator } from "./yaml-locator";

const includeTag: ScalarTag = {
  tag: "!include",
  resolve: (value: string) => `!include ${value}`,
};

export interface ParsedYaml {
  value: unknown;
  locator: YamlLocator;
  diagnostics: Diagnostic[];
}

/** Parses YAML (never throws); syntax errors come back as PB001 with line and column. */
export function parsePlaybookYaml(text: string): ParsedYaml {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, customTags: [includeTag], prettyErrors: false });
  const diagnostics = doc.errors.map((e) => {
    const at = e.linePos?.[0] ?? lineCounter.linePos(e.pos[0]);
    return formatIssue("PB001", "error", { line: at.line, column: at.col }, e.message.split("\n")[0]);
  });
  const value = diagnostics.length ? undefined : doc.toJS({ maxAliasCount: 1000 });
  return { value, locator: createYamlLocator(doc, lineCounter), diagnostics };
}
