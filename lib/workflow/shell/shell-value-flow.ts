/**
 * ShellValueFlow: which parts of a command line may hold a value at run time — what the planner needs to
 * refuse a value where a shell would run it as code or evaluate it as arithmetic, even when it passes through
 * a shell variable first (`n={x}; echo $((n+1))`, `s='echo {x}'; sh -c "$s"`).
 *
 * A node "carries" a value when it holds a reference, expands a variable that may hold one, or holds a
 * command substitution whose command carries one or reads a stdin that does (`echo {x} | eval "$(cat)"`).
 * A variable may hold a value when it is assigned one anywhere in the line (`v={x}`, `for v in {x}`,
 * `read v <<< {x}`, `v=$(echo {x})`, …), when it is a positional parameter (or `REPLY`, `OPTARG`, …) and
 * the line carries values, or when nothing in the line assigns it before it is read: then it comes from the
 * node's environment, which holds the run's variables under their own names. The host's and the engine's own
 * variables and the shell's counters (`RANDOM`, `LINENO`, …) never hold one. Files the line writes a value
 * into carry it too (`echo {x} > f; sh f`).
 */
import type { Reference } from "@/lib/workflow/model/references";
import type { NestedScripts } from "./find-nested-scripts";
import { isInputRedirect, isPipe, redirectFd } from "./find-nested-scripts";
import { ENV_ALLOWLIST } from "./node-environment";
import { listField, OP, staticWordValue, walkShell, type ShellNode } from "./shell-syntax";

/** What a script run by the same shell (eval, trap, source) or a new one (sh -c) inherits from its line. */
export interface FlowContext {
  /** The whole command line holds references. */
  lineRefs: boolean;
  /** Variables the enclosing script assigns (a same-shell script sees them). */
  assigned: ReadonlySet<string>;
  /** Variables of the enclosing script that may hold a value. */
  tainted: ReadonlySet<string>;
  /** Positional parameters may hold a value. */
  positional: boolean;
  /** The script's stdin may carry a value (`echo {x} | sh -c 'read v; …'`). */
  stdin: boolean;
}

export const TOP_LEVEL = (lineRefs: boolean): FlowContext => ({
  lineRefs,
  assigned: new Set(),
  tainted: new Set(),
  positional: lineRefs,
  stdin: false,
});

/** Variables that never hold a run's value: the host allowlist, the engine's, the shell's own counters. */
const SAFE = new Set<string>([
  ...ENV_ALLOWLIST,
  ...["WF_RUN_ID", "WF_NODE_ID", "WF_WORKSPACE", "WF_ITERATION"],
  ...["RANDOM", "SRANDOM", "LINENO", "SECONDS", "EPOCHSECONDS", "EPOCHREALTIME", "BASHPID", "PPID"],
  ...["BASH_SUBSHELL", "OPTIND", "OPTERR", "SHLVL", "HISTCMD", "?", "$", "!", "#", "-"],
]);
/** Set from a command's arguments or input: they hold a value when the line carries values. */
const POSITIONAL = /^(?:\d+|[@*]|REPLY|OPTARG|MAPFILE|BASH_REMATCH|BASH_ARGV|COPROC)$/;

type Assignment =
  | { name: string; end: number; kind: "value"; from: ShellNode[]; by?: "builtin" }
  | { name: string; end: number; kind: "stdin"; stmt: ShellNode | undefined }
  | { name: string; end: number; kind: "positional" | "integer" };

const normalPath = (p: string) => p.replace(/^(?:\.\/)+/, "");
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** How a builtin that sets a variable fills it: from its input, its other arguments, its arguments' options, a pid. */
const INPUT_READERS: Record<string, "stdin" | "args" | "positional" | "integer"> = {
  read: "stdin",
  mapfile: "stdin",
  readarray: "stdin",
  "printf -v": "args",
  getopts: "positional",
  "wait -p": "integer",
};

export class ShellValueFlow {
  readonly tainted = new Set<string>();
  readonly positional: boolean;
  private readonly assignments: Assignment[] = [];
  private readonly valueFiles = new Set<string>();
  private memo = new Map<ShellNode, boolean>();

  constructor(
    private readonly root: ShellNode,
    private readonly refs: Reference[],
    private readonly scripts: NestedScripts,
    private readonly ctx: FlowContext,
  ) {
    this.collect();
    let envReads = false;
    walkShell(root, (n) => {
      if (n.type === "ParamExp" && n.value && this.fromEnvironment(n.value, n.start)) envReads = true;
    });
    this.positional = ctx.positional || ctx.lineRefs || envReads;
    for (let changed = true; changed;) {
      changed = false;
      this.memo = new Map();
      for (const a of this.assignments)
        if (!this.tainted.has(a.name) && this.assignmentCarries(a)) {
          this.tainted.add(a.name);
          changed = true;
        }
    }
    this.memo = new Map();
  }

  /**
   * Whether something other than an assignment word (`read`, `for`, `printf -v`, `getopts`, …) may put a value
   * into `name`: into a variable declared `-i` or `-n` that is an evaluation the planner cannot check.
   */
  filledWithValue(name: string): boolean {
    return this.assignments.some(
      (a) => a.name === name && !(a.kind === "value" && !a.by) && a.kind !== "integer" && this.assignmentCarries(a),
    );
  }

  /** Names the script assigns, for a script the same shell runs from it. */
  inherit(stdin: boolean): FlowContext {
    const assigned = new Set([...this.ctx.assigned, ...this.assignments.map((a) => a.name)]);
    const tainted = new Set([...this.ctx.tainted, ...this.tainted]);
    return { lineRefs: this.ctx.lineRefs, assigned, tainted, positional: this.positional, stdin };
  }

  /** For a script a new shell runs: it sees only the environment. */
  fresh(stdin: boolean): FlowContext {
    return { ...TOP_LEVEL(this.ctx.lineRefs), positional: this.positional, stdin };
  }

  /** Whether variable `name`, read at offset `at`, may hold a value. */
  taintedAt(name: string, at: number): boolean {
    if (SAFE.has(name)) return false;
    if (POSITIONAL.test(name)) return this.positional;
    if (this.tainted.has(name) || this.ctx.tainted.has(name)) return true;
    return this.fromEnvironment(name, at);
  }

  /** Why `name` may hold a value, for messages. */
  whyTainted(name: string, at: number): string {
    if (POSITIONAL.test(name)) return "it is set from arguments or input of a line that carries values";
    if (this.tainted.has(name) || this.ctx.tainted.has(name)) return "it is assigned a value in this command";
    return this.fromEnvironment(name, at)
      ? "nothing in the command assigns it first, so it comes from the environment, which holds the run's variables"
      : "it may hold a value";
  }

  private fromEnvironment(name: string, at: number): boolean {
    if (SAFE.has(name) || POSITIONAL.test(name) || this.ctx.assigned.has(name)) return false;
    return !this.assignments.some((a) => a.name === name && a.end <= at);
  }

  /** Whether the text of `node` may hold a value at run time (see the file header). */
  carries(node: ShellNode): boolean {
    const hit = this.memo.get(node);
    if (hit !== undefined) return hit;
    this.memo.set(node, false);
    const result = this.computeCarries(node);
    this.memo.set(node, result);
    return result;
  }

  private computeCarries(node: ShellNode): boolean {
    switch (node.type) {
      case "Comment":
      case "ArithmExp": // an integer (its own references are checked to be integers)
        return false;
      case "Lit":
      case "SglQuoted":
        return this.refs.some((r) => r.start >= node.start && r.end <= node.end);
      case "ParamExp":
        if (node.value && this.taintedAt(node.value, node.start) && !node.length) return true;
        break;
      case "CmdSubst":
      case "ProcSubst":
        if (this.stdinCarries(node) || this.readsValueFile(node)) return true;
        break;
    }
    return node.children.some((c) => this.carries(c));
  }

  /** Whether what a command reads on stdin at `node` may carry a value: a redirection, a pipe, the script's own. */
  stdinCarries(node: ShellNode): boolean {
    let child = node;
    for (let p: ShellNode | undefined = node; p; child = p, p = this.scripts.parent.get(p)) {
      if (p.type === "Stmt") {
        const input = listField(p, "Redirs").filter((r) => redirectFd(r) === 0 && isInputRedirect(r));
        const r = input[input.length - 1];
        if (r) return this.carries(r) || (r.op === OP.redirIn && this.readsValueFile(r));
      } else if (isPipe(p) && listField(p, "Y")[0] === child && this.carries(listField(p, "X")[0])) return true;
    }
    return this.ctx.stdin;
  }

  private assignmentCarries(a: Assignment): boolean {
    if (a.kind === "value") return a.from.some((n) => this.carries(n));
    if (a.kind === "stdin") return a.stmt ? this.stdinCarries(a.stmt) : this.ctx.stdin;
    return a.kind === "positional" && this.positional;
  }

  private collect() {
    const add = (a: Assignment) => this.assignments.push(a);
    walkShell(this.root, (n) => {
      if (n.type === "Assign") {
        const name = listField(n, "Name")[0]?.value ?? /^([A-Za-z_]\w*)(?:\[[^\]]*\])?\+?=/.exec(wordText(n))?.[1];
        const from = [...listField(n, "Value"), ...listField(n, "Array")];
        if (name) add({ name, end: n.end, kind: "value", from });
      } else if (n.type === "WordIter") {
        const items = listField(n, "Items");
        const name = listField(n, "Name")[0]?.value ?? "";
        const by = "builtin" as const;
        add(
          items.length
            ? { name, end: n.end, kind: "value", from: items, by }
            : { name, end: n.end, kind: "positional" },
        );
      } else if (n.type === "BinaryArithm" || n.type === "UnaryArithm") {
        const op = n.op ?? -1;
        const assigns =
          op === OP.assign || op === OP.inc || op === OP.dec || (op >= OP.firstOpAssign && op <= OP.lastOpAssign);
        const target = listField(n, "X")[0];
        const name = target && staticWordValue(target);
        if (assigns && name && IDENTIFIER.test(name)) add({ name, end: n.end, kind: "integer" });
      } else if (n.type === "ParamExp" && n.value) {
        const exp = listField(n, "Exp")[0];
        if (exp && (exp.op === OP.assign || exp.op === OP.assignIfNull))
          add({ name: n.value, end: n.end, kind: "value", from: listField(exp, "Word") });
      } else if (n.type === "CoprocClause") {
        const name = staticWordValue(listField(n, "Name")[0] ?? n);
        if (name) add({ name, end: n.end, kind: "integer" });
      } else if (n.type === "Stmt") {
        for (const r of listField(n, "Redirs")) {
          const path =
            r.op !== undefined && OUTPUT_OPS.has(r.op) ? staticWordValue(listField(r, "Word")[0]) : undefined;
          if (path !== undefined && this.holdsRef(n)) this.valueFiles.add(normalPath(path));
        }
      }
    });
    for (const c of this.scripts.calls) {
      if (c.words[0]?.value === "tee" && c.stmt && this.refsBefore(c.stmt))
        for (const w of c.words.slice(1))
          if (w.value !== undefined && !w.value.startsWith("-")) this.valueFiles.add(normalPath(w.value));
      for (const idiom of c.idioms) {
        if (idiom.kind !== "names" || !idiom.assigns) continue;
        const kind = INPUT_READERS[idiom.idiom] ?? "stdin";
        for (const i of idiom.indexes) {
          const name = /^[A-Za-z_]\w*/.exec(c.words[i].value ?? "")?.[0];
          if (!name) continue;
          const from = c.args.filter((_, k) => k !== i);
          if (kind === "args") add({ name, end: c.node.end, kind: "value", from, by: "builtin" });
          else if (kind === "stdin") add({ name, end: c.node.end, kind, stmt: c.stmt });
          else add({ name, end: c.node.end, kind });
        }
      }
    }
  }

  private holdsRef(node: ShellNode): boolean {
    return this.refs.some((r) => r.start >= node.start && r.end <= node.end);
  }

  /** A statement of a pipeline that holds a reference, or a stage before it (`echo {x} | tee f`). */
  private refsBefore(stmt: ShellNode): boolean {
    if (this.holdsRef(stmt)) return true;
    const p = this.scripts.parent.get(stmt);
    return isPipe(p) && listField(p!, "Y")[0] === stmt && this.holdsRef(listField(p!, "X")[0]);
  }

  /** Whether a command in `node` names a file the line writes a value into (`$(cat f)`, `< f`). */
  private readsValueFile(node: ShellNode): boolean {
    if (!this.valueFiles.size) return false;
    let found = false;
    walkShell(node, (n) => {
      if (n.type === "Lit" && this.valueFiles.has(normalPath(n.value!))) found = true;
    });
    return found;
  }

  /** Whether a file the line writes a value into is `path`. */
  writesValueInto(path: string): boolean {
    return this.valueFiles.has(normalPath(path));
  }
}

const OUTPUT_OPS = new Set<number>([OP.redirOut, OP.appendOut, OP.clobber, OP.redirAll, OP.appendAll]);

/** A naked declaration argument's text (`"n=1"`), for its name. */
function wordText(assign: ShellNode): string {
  const value = listField(assign, "Value")[0];
  return (value && staticWordValue(value)) ?? "";
}
