/**
 * planShellCommand(text) → the command line with every reference replaced by an expansion of an
 * environment variable (`WF_REF_1`, …), quoted for the spot it stands in, so a value can never
 * become shell syntax (docs/engine.md, "Values reach commands as data"; every idiom: docs/shell-values.md). The
 * spot is decided by the shell tokenizer (shell-syntax.ts):
 *
 * | where `{x}` stands | written as |
 * | --- | --- |
 * | unquoted (also inside `$( )` and backticks, which start afresh) | `"$WF_REF_1"` |
 * | inside `"…"`, in an unquoted here-document | `${WF_REF_1}` |
 * | inside `'…'` (`$'…'`) | `'"$WF_REF_1"'` (`'"$WF_REF_1"$'`) |
 * | arithmetic (`$(( ))`, `(( ))`, `let`, `[[ -gt ]]`, subscripts, `declare -i`) | as its quoting says, and the value must be an integer |
 * | after `#` (a comment) | `WF_REF_1` (inert) |
 * | in a quoted here-document | the here-document becomes unquoted, its text escaped, `${WF_REF_1}` |
 * | naming the program, with values after it (`{tool} {arg}`) | `env -- "$WF_REF_1" …`: a program, never eval or another builtin |
 * | a script handed to a shell (the idiom table: `sh -c '…'`, `eval`, `trap`, `alias`, `. /dev/stdin <<EOF`, `bash <<< '…'`, `cat <<EOF \| sh`, `echo '…' \| sh`, `. <(echo '…')`) | planned again as that shell's own command line, then quoted for the outer one: the inner shell expands the variable |
 *
 * Refused with a position: places no quoting can pass a value (`kind: "placement"`: inside `${…}`,
 * straddling shell syntax, after a backslash, in nested backquotes, in a script assembled at run time), a
 * script a shell would run that the planner cannot plan and that carries a value (`"idiom"`: `curl {u} | sh`,
 * `printf '{x}' | sh`, `env -S`, …), and a value evaluated as arithmetic through a variable or used as a
 * variable name (`"evaluation"`: `n={x}; echo $((n))`, `read {x}`) — check-shell-values.ts,
 * shell-value-flow.ts. The plan depends only on the text, so it is cached (bounded).
 */
import { parseReferences, type Reference } from "@/lib/workflow/model/references";
import { checkShellValues } from "./check-shell-values";
import { findNestedScripts, type Heredoc, type NestedRegion, type NestedScripts } from "./find-nested-scripts";
import { planPlainShellCommand } from "./plan-plain-shell-command";
import { Allocator, EXPANSION, PlanRefusal, type Form, type ShellCommandPlan } from "./shell-command-plan";
import { ShellValueFlow, TOP_LEVEL, type FlowContext } from "./shell-value-flow";
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

const placement = (offset: number, message: string) => new PlanRefusal("placement", offset, message);

interface Edit {
  start: number;
  end: number;
  text: string;
}

interface PlanContext {
  alloc: Allocator;
  depth: number;
  flow: FlowContext;
}

/** Text for an unquoted here-document whose content must read back as `text`. */
const escapeForHeredoc = (text: string) => text.replace(/[\\$`]/g, (c) => `\\${c}`);
const singleQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
/** Backslash sequences dash's `echo` reads (`\\`, `\n`, `\c`, …). */
const ECHO_ESCAPE = /\\[\\abcefnrtv0-7]/;

function precededByBackslash(text: string, at: number): boolean {
  let n = 0;
  while (at - n - 1 >= 0 && text[at - n - 1] === "\\") n++;
  return n % 2 === 1;
}

const isBackquotes = (n: ShellNode) => n.type === "CmdSubst" && n.flag === true;

/** For each reference: the leaf node holding it (a literal, a '…' string, a comment) and its ancestors. */
function holdersOf(root: ShellNode, refs: Reference[]): (readonly ShellNode[] | undefined)[] {
  const holders: (readonly ShellNode[] | undefined)[] = refs.map(() => undefined);
  walkShell(root, (node, stack) => {
    if (node.type !== "Lit" && node.type !== "SglQuoted" && node.type !== "Comment") return;
    refs.forEach((r, k) => {
      if (!holders[k] && r.start >= node.start && r.end <= node.end) holders[k] = [...stack];
    });
  });
  return holders;
}

/** How a reference held by `stack` (leaf last) is written, and whether it stands in arithmetic. */
function formOf(
  text: string,
  ref: Reference,
  stack: readonly ShellNode[],
  heredocs: Map<ShellNode, Heredoc>,
  arithmetic: Set<ShellNode>,
): { form: Form | Heredoc; arith: boolean } {
  const leaf = stack[stack.length - 1];
  let form: Form | Heredoc | undefined =
    leaf.type === "Comment" ? "comment" : leaf.type === "SglQuoted" ? (leaf.flag ? "ansi" : "single") : undefined;
  let backquotes = 0;
  let boundary = false;
  let arith = false;
  for (let i = stack.length - 2; i >= 0; i--) {
    const node = stack[i];
    const t = node.type;
    if (isBackquotes(node)) backquotes++;
    if (boundary) continue;
    if (REFUSED[t]) throw placement(ref.start, `${ref.raw} stands ${REFUSED[t]}; move it outside`);
    if (arithmetic.has(node) || ARITH.has(t)) arith = true;
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
  if (backquotes > 1) throw placement(ref.start, `${ref.raw} stands in nested backquotes; use $( )`);
  form ??= "unquoted";
  if (
    typeof form === "string" &&
    form !== "single" &&
    form !== "ansi" &&
    form !== "comment" &&
    precededByBackslash(text, ref.start)
  )
    throw placement(ref.start, `${ref.raw} follows a backslash; remove the backslash`);
  return { form, arith: arith && form !== "comment" };
}

/** The script text a nested region holds, before the outer shell's quoting; undefined when it expands. */
function regionScript(text: string, region: NestedRegion): string | undefined {
  if (region.kind === "word") {
    const values = region.words.map(staticWordValue);
    if (values.some((v) => v === undefined)) return undefined;
    return values.join(" ").slice(region.prefix?.length ?? 0);
  }
  const h = region.heredoc!;
  const raw = text.slice(h.bodySpan.start, h.bodySpan.end);
  if (h.quoted) return raw;
  if (listField(h.body, "Parts").some((p) => p.type !== "Lit")) return undefined;
  return raw.replace(/\\([$`\\\n])/g, (_, c: string) => (c === "\n" ? "" : c));
}

function plan(text: string, ctx: PlanContext): ShellCommandPlan {
  const parsed = parseShell(text);
  if (!parsed.ok) return { ok: false, kind: "syntax", ...parsed.error };
  const root = parsed.root;
  const refs = parseReferences(text);
  const edits: Edit[] = [];
  try {
    const scripts = findNestedScripts(text, root, refs);
    const flow = new ShellValueFlow(root, refs, scripts, ctx.flow);
    const arithmetic = checkShellValues(text, root, refs, scripts, flow);
    const holders = holdersOf(root, refs);
    const quotedHeredocs = new Map<Heredoc, Reference[]>();
    refs.forEach((ref, k) => {
      const stack = holders[k];
      if (!stack) throw placement(ref.start, `${ref.raw} is split by shell syntax`);
      if (stack.some((n) => scripts.regionOf.has(n))) return; // planned with its nested script
      const { form, arith } = formOf(text, ref, stack, scripts.heredocs, arithmetic);
      if (typeof form !== "string") {
        quotedHeredocs.set(form, [...(quotedHeredocs.get(form) ?? []), ref]);
        return;
      }
      const slot = ctx.alloc.slot(ref, ctx.depth > 0, arith);
      edits.push({ start: ref.start, end: ref.end, text: EXPANSION[form](slot.name) });
    });
    for (const region of scripts.regions) edits.push(...nestedEdit(text, refs, region, scripts, flow, ctx));
    // A command named by a value, given values: a program (`env --`), never eval or another builtin.
    for (const c of scripts.calls)
      for (const idiom of c.idioms)
        if (idiom.kind === "program" && c.args.slice(idiom.index + 1).some((a) => flow.carries(a)))
          edits.push({ start: c.args[idiom.index].start, end: c.args[idiom.index].start, text: "env -- " });
    for (const [h, hrefs] of quotedHeredocs) edits.push(...unquoteHeredoc(text, h, hrefs, ctx));
  } catch (err) {
    if (!(err instanceof PlanRefusal)) throw err;
    return { ok: false, kind: err.kind, ...lineColumn(text, err.offset), message: err.message };
  }
  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  let script = "";
  let last = 0;
  for (const e of edits) {
    script += text.slice(last, e.start) + e.text;
    last = e.end;
  }
  return { ok: true, script: script + text.slice(last), refs: [...ctx.alloc.slots.values()] };
}

/**
 * Plans a nested script for the shell that runs it, and quotes the result for this one. Every nested script
 * is read (one without references may still hand the inner shell a variable holding a value); only one
 * holding references is rewritten.
 */
function nestedEdit(
  text: string,
  refs: Reference[],
  region: NestedRegion,
  scripts: NestedScripts,
  flow: ShellValueFlow,
  ctx: PlanContext,
): Edit[] {
  const holdsRefs = refs.some((r) => r.start >= region.start && r.end <= region.end);
  const script = regionScript(text, region);
  if (script === undefined) {
    if (holdsRefs)
      throw placement(
        region.start,
        "a nested shell script with a reference must be written out (no $… or quotes that expand)",
      );
    if (region.words.some((w) => flow.carries(w)))
      throw new PlanRefusal(
        "idiom",
        region.start,
        `the script for ${region.idiom} is assembled at run time from something that may hold a value, which the shell would run as code; write the script out and pass the value as an argument (sh -c '… "$1"' _ {x})`,
      );
    return [];
  }
  if (holdsRefs) {
    for (let p = scripts.parent.get(region.words[0]); p; p = scripts.parent.get(p))
      if (isBackquotes(p))
        throw placement(region.start, "a nested shell script with a reference cannot stand in backquotes; use $( )");
  }
  const stdin = region.stmt ? flow.stdinCarries(region.stmt) : false;
  const inner = plan(script, {
    alloc: ctx.alloc,
    depth: ctx.depth + 1,
    flow: region.shell === "same" ? flow.inherit(stdin) : flow.fresh(stdin),
  });
  if (!inner.ok) {
    if (!holdsRefs && inner.kind === "syntax") return []; // nothing to plan in it, and not a script after all
    throw new PlanRefusal(
      inner.kind === "syntax" ? "placement" : inner.kind,
      region.start,
      `in the script for ${region.idiom}, line ${inner.line} column ${inner.column}: ${inner.message}`,
    );
  }
  if (!holdsRefs) return [];
  if (region.echo && ECHO_ESCAPE.test(inner.script))
    throw new PlanRefusal(
      "idiom",
      region.start,
      `echo may read the backslashes of the script it prints for ${region.idiom}; write the script as sh -c '…' or a here-document`,
    );
  if (region.kind === "word") return [{ ...region, text: singleQuoted((region.prefix ?? "") + inner.script) }];
  const h = region.heredoc!;
  return [{ ...h.bodySpan, text: h.quoted ? inner.script : escapeForHeredoc(inner.script) }];
}

/** A quoted here-document holding references becomes unquoted with its own text escaped. */
function unquoteHeredoc(text: string, h: Heredoc, refs: Reference[], ctx: PlanContext): Edit[] {
  const delimiter = staticWordValue(h.delimiter);
  if (!delimiter || !/^[\w.-]+$/.test(delimiter))
    throw placement(
      h.delimiterSpan.start,
      "a here-document holding a reference needs a plain delimiter (letters, digits, _ . -)",
    );
  let body = "";
  let last = h.bodySpan.start;
  for (const ref of refs) {
    const slot = ctx.alloc.slot(ref, ctx.depth > 0, false);
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
    const lineRefs = parseReferences(text).length > 0;
    return plan(text, { alloc: new Allocator(), depth: 0, flow: TOP_LEVEL(lineRefs) });
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
