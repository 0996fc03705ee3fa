/**
 * Substitutes references into a shell command line so that every value arrives as one literal
 * string, whatever quotes the template author put around the reference: unquoted → single-quoted;
 * inside "…" → `\`, `$`, `` ` ``, `"` escaped; inside '…' → each `'` closes, escapes and reopens.
 * Plain `shellQuote` on every value is not enough: `"{x}"` with x = `$(cmd)` would run cmd.
 * Quote state is tracked for plain sh quoting (backslash, '…', "…"); nested `$(…)`
 * inside double quotes and here-documents are not modelled.
 */
import { parseReferences, type ReferenceLookup } from "@/lib/workflow/references";
import { shellQuote } from "./shell-quote";

type QuoteState = "none" | "single" | "double";

/** The value written so that, at a point in `state`, the shell reads it back literally. */
export function quoteForState(value: string, state: QuoteState): string {
  if (state === "single") return value.replace(/'/g, `'\\''`);
  if (state === "double") return value.replace(/[\\$`"]/g, (c) => `\\${c}`);
  return shellQuote(value);
}

export function substituteShell(text: string, lookup: ReferenceLookup): string {
  const refs = parseReferences(text);
  if (refs.length === 0) return text;
  let out = "";
  let last = 0;
  let state: QuoteState = "none";
  let i = 0;
  for (const ref of refs) {
    // Advance the quote state over the template text before this reference.
    for (; i < ref.start; i++) {
      const c = text[i];
      if (state === "single") {
        if (c === "'") state = "none";
      } else if (c === "\\") i++;
      else if (state === "double") {
        if (c === '"') state = "none";
      } else if (c === "'") state = "single";
      else if (c === '"') state = "double";
    }
    const value = lookup(ref);
    if (value === undefined) continue;
    out += text.slice(last, ref.start) + quoteForState(value, state);
    last = ref.end;
    i = ref.end;
  }
  return out + text.slice(last);
}
