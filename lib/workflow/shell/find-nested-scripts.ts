/**
 * findNestedScripts(text, root, refs): where the parse tree hands a script to a shell, by the idiom table
 * (nested-shell-scripts.ts) — the regions the planner plans again for the shell that runs them (a `-c` word,
 * eval's words, a here-document or here-string read as a script, `echo '…'` or `cat <<EOF` piped into a
 * shell) and the "feeds" it cannot plan (any other command whose output a shell runs: `curl … | sh`,
 * `. <(printf …)`, `tee >(sh)`), which must not carry a value (shell-value-flow.ts decides).
 */
import type { Reference } from "@/lib/workflow/model/references";
import type { CallIdiom, CallWord, ShellKind } from "./call-words";
import { callIdioms } from "./nested-shell-scripts";
import { listField, OP, staticWordValue, walkShell, type ShellNode } from "./shell-syntax";

export interface Span {
  start: number;
  end: number;
}

export interface Heredoc {
  delimiter: ShellNode;
  body: ShellNode;
  /** The delimiter is quoted: the body is literal text. */
  quoted: boolean;
  /** Body text span (the closing delimiter line excluded). */
  bodySpan: Span;
  delimiterSpan: Span;
}

/** A script for a shell: words (`-c`, eval's, a here-string, echo's) or a here-document body. */
export interface NestedRegion extends Span {
  kind: "word" | "heredoc";
  words: ShellNode[];
  heredoc?: Heredoc;
  shell: ShellKind;
  idiom: string;
  /** `alias NAME=…`: the script is the word's value after this prefix. */
  prefix?: string;
  /** Printed by `echo`, which may read backslashes: the planned script must have none. */
  echo?: boolean;
  /** The statement that hands the script over. */
  stmt: ShellNode | undefined;
}

/** Text a shell runs that the planner cannot plan: refused when it carries a value. */
export interface Feed {
  node: ShellNode;
  at: number;
  idiom: string;
  instead: string;
}

export interface CallFacts {
  node: ShellNode;
  stmt: ShellNode | undefined;
  args: ShellNode[];
  words: CallWord[];
  idioms: CallIdiom[];
}

export interface NestedScripts {
  calls: CallFacts[];
  parent: Map<ShellNode, ShellNode>;
  regions: NestedRegion[];
  /** A region's word or here-document body → its region. */
  regionOf: Map<ShellNode, NestedRegion>;
  heredocs: Map<ShellNode, Heredoc>;
  feeds: Feed[];
  /** Files a shell reads a script from (`sh f`, `. f`, `sh < f`), with the statement reading them. */
  scriptFiles: { path: string; at: number; idiom: string }[];
}

const INPUT_OPS = new Set<number>([OP.redirIn, OP.readWrite, OP.heredoc, OP.dashHeredoc, OP.hereString]);
/** A redirection the command reads from (`<`, `<>`, a here-document or here-string). */
export const isInputRedirect = (r: ShellNode) => INPUT_OPS.has(r.op ?? -1);

/** The file descriptor a redirection sets (its `N`, else 0 for input and 1 for output). */
export function redirectFd(r: ShellNode): number {
  const n = listField(r, "N")[0]?.value;
  if (n !== undefined) return Number(n);
  return isInputRedirect(r) ? 0 : 1;
}

const PIPES = new Set<number>([OP.pipe, OP.pipeAll]);
export const isPipe = (n: ShellNode | undefined) => n?.type === "BinaryCmd" && PIPES.has(n.op ?? -1);

const INSTEAD_FEED =
  "write the script itself for the shell (sh -c '…', or a here-document), where a reference is passed as data";

function heredocOf(text: string, r: ShellNode): Heredoc | undefined {
  const body = listField(r, "Hdoc")[0];
  const delimiter = listField(r, "Word")[0];
  if (!body || !delimiter) return undefined;
  const delimiterLine = text.lastIndexOf("\n", body.end - 1) + 1;
  return {
    delimiter,
    body,
    quoted: listField(delimiter, "Parts").some((p) => p.type !== "Lit" || p.value!.includes("\\")),
    bodySpan: { start: body.start, end: Math.max(body.start, delimiterLine) },
    delimiterSpan: { start: delimiter.start, end: delimiter.end },
  };
}

export function findNestedScripts(text: string, root: ShellNode, refs: Reference[]): NestedScripts {
  const parent = new Map<ShellNode, ShellNode>();
  const calls: CallFacts[] = [];
  const heredocs = new Map<ShellNode, Heredoc>();
  walkShell(root, (node, stack) => {
    if (stack.length > 1) parent.set(node, stack[stack.length - 2]);
    if (node.type === "Redirect") {
      const h = heredocOf(text, node);
      if (h) heredocs.set(h.body, h);
    } else if (node.type === "CallExpr") {
      const args = listField(node, "Args");
      const words = args.map((a) => ({
        value: staticWordValue(a),
        raw: text.slice(a.start, a.end),
        refs: refs.some((r) => r.start >= a.start && r.end <= a.end),
      }));
      const stmt = stack[stack.length - 2];
      calls.push({ node, stmt: stmt?.type === "Stmt" ? stmt : undefined, args, words, idioms: callIdioms(words) });
    }
  });
  const out: NestedScripts = { calls, parent, regions: [], regionOf: new Map(), heredocs, feeds: [], scriptFiles: [] };
  const addRegion = (region: NestedRegion) => {
    out.regions.push(region);
    for (const w of region.words) out.regionOf.set(w, region);
  };
  const feed = (node: ShellNode, idiom: string, instead = INSTEAD_FEED) =>
    out.feeds.push({ node, at: node.start, idiom, instead });

  /** A here-document or here-string redirection read as a script. */
  const redirectScript = (r: ShellNode, shell: ShellKind | "unknown", idiom: string, stmt: ShellNode) => {
    const h = heredocOf(text, r);
    const word = listField(r, "Word")[0];
    if (shell === "unknown")
      return feed(
        h ? h.body : word,
        `a ${h ? "here-document" : "here-string"} read by ${idiom}, which could be a shell`,
      );
    if (h) addRegion({ kind: "heredoc", words: [h.body], heredoc: h, shell, idiom, stmt, ...h.bodySpan });
    else
      addRegion({ kind: "word", words: [word], shell, idiom: `${idiom} <<<`, stmt, start: word.start, end: word.end });
  };

  /** A command whose output a shell runs: `echo '…'` and `cat <<EOF` are planned, anything else is a feed. */
  const producer = (stmts: ShellNode[], at: ShellNode, shell: ShellKind | "unknown", idiom: string, how: string) => {
    const stmt = stmts.length === 1 ? stmts[0] : undefined;
    const call = stmt && listField(stmt, "Cmd")[0];
    const facts = call?.type === "CallExpr" ? calls.find((c) => c.node === call) : undefined;
    const name = facts?.words[0]?.refs ? undefined : facts?.words[0]?.value;
    const redirs = stmt ? listField(stmt, "Redirs") : [];
    if (facts && shell !== "unknown" && name === "echo" && !redirs.some((r) => redirectFd(r) === 1)) {
      let first = 1;
      while (facts.words[first]?.value === "-n" && !facts.words[first].refs) first++;
      if (first >= facts.args.length) return;
      const words = facts.args.slice(first);
      const region = { kind: "word" as const, words, shell, idiom: how.replace("…", "echo …"), echo: true, stmt };
      return addRegion({ ...region, start: words[0].start, end: words[words.length - 1].end });
    }
    const input = redirs.filter((r) => redirectFd(r) === 0);
    const fed = input.length === 1 && (input[0].op === OP.hereString || heredocOf(text, input[0]));
    const plainCat = name === "cat" && facts!.words.slice(1).every((w) => w.value === "-" && !w.refs);
    if (fed && plainCat && shell !== "unknown")
      return redirectScript(input[0], shell, how.replace("…", "cat <<…"), stmt!);
    feed(stmts.length === 1 ? stmts[0] : at, `${idiom} runs as a script what the command in \`${how}\` prints`);
  };

  for (const c of calls) {
    for (const idiom of c.idioms) {
      if (idiom.kind === "script") {
        const words = c.args.slice(idiom.first, idiom.last + 1);
        const { shell, prefix } = idiom;
        const region = { kind: "word" as const, words, shell, idiom: idiom.idiom, prefix, stmt: c.stmt };
        addRegion({ ...region, start: words[0].start, end: words[words.length - 1].end });
      } else if (idiom.kind === "file") {
        const word = c.args[idiom.index];
        const parts = listField(word, "Parts");
        if (parts.length === 1 && parts[0].type === "ProcSubst" && parts[0].op === OP.procIn)
          producer(listField(parts[0], "Stmts"), parts[0], idiom.shell, idiom.idiom, `${idiom.idiom} <(…)`);
        else if (c.words[idiom.index].value !== undefined && !c.words[idiom.index].refs)
          out.scriptFiles.push({ path: c.words[idiom.index].value!, at: word.start, idiom: idiom.idiom });
      } else if (idiom.kind === "stdin" && c.stmt) stdinScript(c.stmt, idiom.fd, idiom.shell, idiom.idiom);
    }
  }

  /** What a statement reading its script from `fd` reads: its own redirection, else (fd 0) a pipe. */
  function stdinScript(stmt: ShellNode, fd: number, shell: ShellKind | "unknown", idiom: string) {
    for (const node of [stmt, ...ancestors(stmt)]) {
      if (node.type === "ProcSubst" && node.op === OP.procOut && fd === 0)
        return feed(root, `${idiom} runs as a script what this line writes into >(${idiom})`);
      if (node.type === "CoprocClause" && fd === 0)
        return feed(root, `${idiom} runs as a script what this line writes to its coproc`);
    }
    const own = listField(stmt, "Redirs").filter((r) => redirectFd(r) === fd && isInputRedirect(r));
    const r = own[own.length - 1];
    if (r) {
      if (r.op !== OP.redirIn) return r.op === OP.readWrite ? undefined : redirectScript(r, shell, idiom, stmt);
      const word = listField(r, "Word")[0];
      const parts = listField(word, "Parts");
      if (parts.length === 1 && parts[0].type === "ProcSubst" && parts[0].op === OP.procIn)
        return producer(listField(parts[0], "Stmts"), parts[0], shell, idiom, `${idiom} < <(…)`);
      const path = staticWordValue(word);
      if (path !== undefined) out.scriptFiles.push({ path, at: word.start, idiom });
      return;
    }
    if (fd !== 0) return;
    let child = stmt;
    for (const node of ancestors(stmt)) {
      if (isPipe(node) && listField(node, "Y")[0] === child) {
        const x = listField(node, "X")[0];
        if (child === stmt) return producer([x], x, shell, idiom, `… | ${idiom}`);
        return feed(x, `${idiom} runs as a script what \`… |\` pipes into the commands around it`);
      }
      const input = listField(node, "Redirs").filter((d) => redirectFd(d) === 0 && isInputRedirect(d));
      if (node.type === "Stmt" && input.length)
        return feed(input[input.length - 1], `${idiom} reads its script from the input of the commands around it`);
      child = node;
    }
  }

  function* ancestors(node: ShellNode) {
    for (let p = parent.get(node); p; p = parent.get(p)) yield p;
  }
  return out;
}
