/**
 * `file_contains` patterns: RE2 regular expressions (the `re2js` port: linear-time matching, so a
 * pattern can never hang the engine). The validator (WF041) and the engine compile with this one
 * function, so a pattern means the same in both. A reference inside a pattern stands for its value
 * literally (quoted), never for regex syntax.
 */
import { RE2JS } from "re2js";
import { substituteReferences, type ReferenceLookup } from "@/lib/workflow/model/references";

export type CompiledPattern = { ok: true; test: (text: string) => boolean } | { ok: false; message: string };

/** Compiles `pattern` with each reference replaced by its value (quoted); `lookup` absent → a placeholder. */
export function compileCheckPattern(pattern: string, lookup?: ReferenceLookup): CompiledPattern {
  const source = substituteReferences(pattern, lookup ?? (() => "x"), (v) => RE2JS.quote(v)).text;
  try {
    const re = RE2JS.compile(source);
    return { ok: true, test: (text) => re.matcher(text).find() };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}
