/**
 * planShellCommand(text) → the command line with every reference replaced by an expansion of an
 * environment variable (`WF_REF_1`, …), quoted for the spot it stands in, so a value can never
 * become shell syntax (docs/engine.md, "Values reach commands as data"). The spot is decided by the shell tokenizer (shell-syntax.ts):
 *
 * | where `{x}` stands | written as |
 * | --- | --- |
 * | unquoted (also inside `$( )` and backticks, which start afresh) | `"$WF_REF_1"` |
 * | inside `"…"`, in an unquoted here-document | `${WF_REF_1}` |
 * | inside `'…'` (`$'…'`) | `'"$WF_REF_1"'` (`'"$WF_REF_1"$'`) |
 * | arithmetic `$(( ))` | `${WF_REF_1}`, and the value must be an integer |
 * | after `#` (a comment) | `WF_REF_1` (inert) |
 * | in a quoted here-document | the here-document becomes unquoted, its text escaped, `${WF_REF_1}` |
 * | the script of a nested shell (`sh -c '…'`, `eval`, `trap`, a here-document fed to a shell) | planned again as that shell's own command line, then quoted for the outer one: the inner shell expands the variable |
 *
 * Places a value cannot be passed safely are refused with a position (`kind: "placement"`):
 * inside `${…}`, straddling shell syntax, right after a backslash, a nested script assembled at run
 * time. The plan depends only on the text, so it is cached (bounded).
 */
import { parseReferences, type Reference } from "@/lib/workflow/model/references";
import { nestedScriptWords, shellInvocation } from "./nested-shell-scripts";
import { planPlainShellCommand } from "./plan-plain-shell-command";
import { Allocator, EXPANSION, type Form, type ShellCommandPlan } from "./shell-command-plan";
import { lineColumn, listField, parseShell, staticWordValue, walkShell, type ShellNode } from "./shell-syntax";

const ARITH = new Set([
  "ArithmExp",
  "ArithmCmd",
  "LetClause",
  "CStyleLoop",
  "BinaryArithm",
  "UnaryArithm",
  "ParenArithm",
]);
/** Constructs whose inner quoting the shells disagree on: a reference inside is refused. */
const REFUSED: Record<string, string> = {
  ParamExp: "inside ${…}",
  ExtGlob: "inside an extended glob",
  BraceExp: "inside a brace expansion",
  ArrayExpr: "inside an array",
};

class PlacementError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

interface Span {
  start: number;
  end: number;
}

/** A nested script: a `-c` word, eval's words, trap's action, or a here-document read by a shell. */
interface NestedRegion extends Span {
  kind: "word" | "heredoc";
  words: ShellNode[];
  heredoc?: Heredoc;
}

interface Heredoc {
  delimiter: ShellNode;
  body: ShellNode;
  /** The delimiter is quoted: the body is literal text. */
  quoted: boolean;
  /** Body text span (the closing delimiter line excluded). */
  bodySpan: Span;
  delimiterSpan: Span;
}

interface Edit extends Span {
  text: string;
}

/** Text for an unquoted here-document whose content must read back as `text`. */
const escapeForHeredoc = (text: string) => text.replace(/[\\$`]/g, (c) => `\\${c}`);
const singleQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function precededByBackslash(text: string, at: number): boolean {
  let n = 0;
  while (at - n - 1 >= 0 && text[at - n - 1] === "\\") n++;
  return n % 2 === 1;
}

interface Analysis {
  /** For each reference: the leaf node holding it and its ancestors. */
  holders: (readonly ShellNode[] | undefined)[];
  /** A `-c` word, eval's words, trap's action, a here-document body read by a shell → its region. */
  nestedWords: Map<ShellNode, NestedRegion>;
  /** Here-document bodies. */
  heredocs: Map<ShellNode, Heredoc>;
}

const isBackquotes = (n: ShellNode) => n.type === "CmdSubst" && n.flag === true;

function analyse(text: string, root: ShellNode, refs: Reference[]): Analysis {
  const holders: (readonly ShellNode[] | undefined)[] = refs.map(() => undefined);
  const nestedWords = new Map<ShellNode, NestedRegion>();
  const heredocs = new Map<ShellNode, Heredoc>();
  walkShell(root, (node, stack) => {
    const t = node.type;
    if (t === "Lit" || t === "SglQuoted" || t === "Comment") {
      refs.forEach((r, k) => {
        if (!holders[k] && r.start >= node.start && r.end <= node.end) holders[k] = [...stack];
      });
    } else if (t === "CallExpr") {
      const args = listField(node, "Args");
      const found = nestedScriptWords(args.map(staticWordValue));
      if (found) {
        const words = args.slice(found.first, found.last + 1);
        const region: NestedRegion = { kind: "word", words, start: words[0].start, end: words[words.length - 1].end };
        for (const w of words) nestedWords.set(w, region);
      }
    } else if (t === "Stmt") {
      const cmd = listField(node, "Cmd")[0];
      const values = cmd?.type === "CallExpr" ? listField(cmd, "Args").map(staticWordValue) : [];
      const readsScript = values.some((_, i) => shellInvocation(values, i)?.kind === "stdin");
      for (const r of listField(node, "Redirs")) {
        const body = listField(r, "Hdoc")[0];
        const delimiter = listField(r, "Word")[0];
        if (!body || !delimiter) continue;
        const delimiterLine = text.lastIndexOf("\n", body.end - 1) + 1;
        const parts = listField(delimiter, "Parts");
        const h: Heredoc = {
          delimiter,
          body,
          quoted: parts.some((p) => p.type !== "Lit" || p.value!.includes("\\")),
          bodySpan: { start: body.start, end: Math.max(body.start, delimiterLine) },
          delimiterSpan: { start: delimiter.start, end: delimiter.end },
        };
        heredocs.set(body, h);
        if (readsScript) nestedWords.set(body, { kind: "heredoc", words: [body], heredoc: h, ...h.bodySpan });
      }
    }
  });
  return { holders, nestedWords, heredocs };
}

/** How a reference held by `stack` (leaf last) is written; throws PlacementError. */
function formOf(
  text: string,
  ref: Reference,
  stack: readonly ShellNode[],
  heredocs: Map<ShellNode, Heredoc>,
): Form | Heredoc {
  const leaf = stack[stack.length - 1];
  let form: Form | Heredoc | undefined =
    leaf.type === "Comment" ? "comment" : leaf.type === "SglQuoted" ? (leaf.flag ? "ansi" : "single") : undefined;
  let backquotes = 0;
  let boundary = false;
  for (let i = stack.length - 2; i >= 0; i--) {
    const node = stack[i];
    const t = node.type;
    if (isBackquotes(node)) backquotes++;
    if (boundary) continue;
    if (REFUSED[t]) throw new PlacementError(ref.start, `${ref.raw} stands ${REFUSED[t]}; move it outside`);
    if (t === "CmdSubst" || t === "ProcSubst") {
      form ??= "unquoted";
      boundary = true;
    } else if (t === "DblQuoted") form ??= "double";
    else if (ARITH.has(t)) form ??= "arith";
    else if (heredocs.has(node)) {
      const h = heredocs.get(node)!;
      form ??= h.quoted ? h : "double";
    }
  }
  if (backquotes > 1) throw new PlacementError(ref.start, `${ref.raw} stands in nested backquotes; use $( )`);
  form ??= "unquoted";
  if (
    typeof form === "string" &&
    form !== "single" &&
    form !== "ansi" &&
    form !== "comment" &&
    precededByBackslash(text, ref.start)
  )
    throw new PlacementError(ref.start, `${ref.raw} follows a backslash; remove the backslash`);
  return form;
}

function hasBackquoteAncestor(stack: readonly ShellNode[], region: ShellNode): boolean {
  return stack.slice(0, stack.indexOf(region)).some(isBackquotes);
}

/** The script text a nested region holds, before the outer shell's quoting. */
function regionScript(text: string, region: NestedRegion): string | undefined {
  if (region.kind === "word") {
    const values = region.words.map(staticWordValue);
    return values.some((v) => v === undefined) ? undefined : values.join(" ");
  }
  const h = region.heredoc!;
  const raw = text.slice(h.bodySpan.start, h.bodySpan.end);
  if (h.quoted) return raw;
  if (listField(h.body, "Parts").some((p) => p.type !== "Lit")) return undefined;
  return raw.replace(/\\([$`\\\n])/g, (_, c: string) => (c === "\n" ? "" : c));
}

function plan(text: string, alloc: Allocator, depth: number): ShellCommandPlan {
  const parsed = parseShell(text);
  if (!parsed.ok) return { ok: false, kind: "syntax", ...parsed.error };
  const refs = parseReferences(text);
  if (refs.length === 0) return { ok: true, script: text, refs: [...alloc.slots.values()] };
  const { holders, nestedWords, heredocs } = analyse(text, parsed.root, refs);
  const edits: Edit[] = [];
  const regions = new Map<NestedRegion, { stack: readonly ShellNode[]; node: ShellNode }>();
  const quotedHeredocs = new Map<Heredoc, Reference[]>();
  try {
    refs.forEach((ref, k) => {
      const stack = holders[k];
      if (!stack) throw new PlacementError(ref.start, `${ref.raw} is split by shell syntax`);
      const outer = stack.find((n) => nestedWords.has(n));
      if (outer) {
        const region = nestedWords.get(outer)!;
        if (!regions.has(region)) regions.set(region, { stack, node: outer });
        return;
      }
      const form = formOf(text, ref, stack, heredocs);
      if (typeof form !== "string") {
        quotedHeredocs.set(form, [...(quotedHeredocs.get(form) ?? []), ref]);
        return;
      }
      const slot = alloc.slot(ref, depth > 0, form === "arith");
      edits.push({ start: ref.start, end: ref.end, text: EXPANSION[form](slot.name) });
    });
    for (const [region, at] of regions) edits.push(...nestedEdit(text, region, at, alloc, depth));
    for (const [h, hrefs] of quotedHeredocs) edits.push(...unquoteHeredoc(text, h, hrefs, alloc, depth));
  } catch (err) {
    if (!(err instanceof PlacementError)) throw err;
    return { ok: false, kind: "placement", ...lineColumn(text, err.offset), message: err.message };
  }
  edits.sort((a, b) => a.start - b.start);
  let script = "";
  let last = 0;
  for (const e of edits) {
    script += text.slice(last, e.start) + e.text;
    last = e.end;
  }
  return { ok: true, script: script + text.slice(last), refs: [...alloc.slots.values()] };
}

function nestedEdit(
  text: string,
  region: NestedRegion,
  at: { stack: readonly ShellNode[]; node: ShellNode },
  alloc: Allocator,
  depth: number,
): Edit[] {
  if (hasBackquoteAncestor(at.stack, at.node))
    throw new PlacementError(
      region.start,
      "a nested shell script with a reference cannot stand in backquotes; use $( )",
    );
  const script = regionScript(text, region);
  if (script === undefined)
    throw new PlacementError(
      region.start,
      "a nested shell script with a reference must be written out (no $… or quotes that expand)",
    );
  const inner = plan(script, alloc, depth + 1);
  if (!inner.ok)
    throw new PlacementError(
      region.start,
      `in the script for the nested shell, line ${inner.line} column ${inner.column}: ${inner.message}`,
    );
  if (region.kind === "word") return [{ ...region, text: singleQuoted(inner.script) }];
  const h = region.heredoc!;
  return [{ ...h.bodySpan, text: h.quoted ? inner.script : escapeForHeredoc(inner.script) }];
}

/** A quoted here-document holding references becomes unquoted with its own text escaped. */
function unquoteHeredoc(text: string, h: Heredoc, refs: Reference[], alloc: Allocator, depth: number): Edit[] {
  const delimiter = staticWordValue(h.delimiter);
  if (!delimiter || !/^[\w.-]+$/.test(delimiter))
    throw new PlacementError(
      h.delimiterSpan.start,
      "a here-document holding a reference needs a plain delimiter (letters, digits, _ . -)",
    );
  let body = "";
  let last = h.bodySpan.start;
  for (const ref of refs) {
    const slot = alloc.slot(ref, depth > 0, false);
    body += escapeForHeredoc(text.slice(last, ref.start)) + EXPANSION.double(slot.name);
    last = ref.end;
  }
  body += escapeForHeredoc(text.slice(last, h.bodySpan.end));
  return [
    { ...h.delimiterSpan, text: delimiter },
    { ...h.bodySpan, text: body },
  ];
}

const CACHE_SIZE = 500;
const cache = new Map<string, ShellCommandPlan>();

/** The plan read from the parse tree: what planShellCommand answers for a line that is not plain. */
export function planParsedShellCommand(text: string): ShellCommandPlan {
  try {
    return plan(text, new Allocator(), 0);
  } catch (err) {
    return { ok: false, kind: "syntax", line: 1, column: 1, message: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Plans a command line (see the file header): a plain line without the parser (plan-plain-shell-command.ts),
 * any other from its parse tree. Never throws; cached by text (bounded, least recently used).
 */
export function planShellCommand(text: string): ShellCommandPlan {
  const hit = cache.get(text);
  if (hit) {
    cache.delete(text);
    cache.set(text, hit);
    return hit;
  }
  const result = planPlainShellCommand(text) ?? planParsedShellCommand(text);
  cache.set(text, result);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return result;
}
