/**
 * checkShellValues: the places bash evaluates text as arithmetic or reads it as a variable name, where a
 * value such as `a[$(touch x)]` runs code — `$(( ))`, `(( ))`, `let`, `for (( ))`, `[[ a -gt b ]]`, array
 * subscripts, `${v:offset}`, `declare -i` — and the words read as names (`read`, `printf -v`, `declare`
 * names, `${!v}`, `[[ -v ]]`, …; the idiom table lists them). A reference in arithmetic is kept and must be
 * an integer when the command runs (the returned nodes); a variable that may hold a value (shell-value-flow.ts)
 * there is refused, and so is any value where a name stands. Also refused: anything the idiom table says must
 * not carry a value, commands whose output a shell runs as a script (feeds), and script files the line writes
 * a value into.
 */
import type { Reference } from "@/lib/workflow/model/references";
import type { NestedScripts } from "./find-nested-scripts";
import { CODE_VARIABLES } from "./nested-shell-scripts";
import { PlanRefusal } from "./shell-command-plan";
import type { ShellValueFlow } from "./shell-value-flow";
import { listField, OP, staticWordValue, walkShell, type ShellNode } from "./shell-syntax";

const ARITH_ROOTS: Record<string, string> = {
  ArithmExp: "$(( ))",
  ArithmCmd: "(( ))",
  LetClause: "let",
  CStyleLoop: "for (( ))",
};
const IDENTIFIERS = /(?<![\w#$])[A-Za-z_]\w*/g;
/** Variable names a subscript reads: `i`, `$i`, `${i}` (not digits of a base: `16#ff`). */
const SUBSCRIPT_NAMES = /(?<![\w#])\$?\{?([A-Za-z_]\w*)/g;
const ADVICE_ARITH =
  "put the reference itself there (its value must then be an integer), or compare with [ … -gt … ] or compute with expr, which read numbers only";
const ADVICE_NAME = "write a fixed name";

interface Checker {
  arith: Set<ShellNode>;
  refAt: (start: number, end: number) => Reference | undefined;
}

/** Checks a parsed script; returns the nodes whose references must be integers. Throws PlanRefusal. */
export function checkShellValues(
  source: string,
  root: ShellNode,
  refs: Reference[],
  scripts: NestedScripts,
  flow: ShellValueFlow,
): Set<ShellNode> {
  const c: Checker = {
    arith: new Set(),
    refAt: (start, end) => refs.find((r) => r.start < end && r.end > start),
  };
  const { integers, namerefs } = attributes(root);
  const tainted = (name: string, at: number) => flow.taintedAt(name, at);

  /** Arithmetic: references must be integers; variables that may hold a value and command output are refused. */
  const arithmetic = (node: ShellNode, idiom: string) => {
    c.arith.add(node);
    const visit = (n: ShellNode, target: boolean) => {
      if (n.type === "CmdSubst" || n.type === "ProcSubst") {
        if (flow.carries(n))
          throw new PlanRefusal(
            "evaluation",
            n.start,
            `the output of $( … ) is evaluated as arithmetic (${idiom}) and carries a value; ${ADVICE_ARITH}`,
          );
        return;
      }
      if (n.type === "ParamExp" && n.value && !n.length && tainted(n.value, n.start))
        taintedRefusal(n.value, n.start, idiom);
      if (n.type === "Lit" && !target)
        for (const m of n.value!.matchAll(IDENTIFIERS)) readName(m[0], n.start + m.index, idiom);
      // `n = …` writes n without reading it (`n += …`, `n++` read it).
      const assigns = n.type === "BinaryArithm" && n.op === OP.assign;
      for (const [key, v] of Object.entries(n.fields))
        for (const child of Array.isArray(v) ? v : [v!])
          visit(child, (assigns && key === "X" && child.type === "Word") || (target && n.type === "Word"));
    };
    visit(node, false);
  };
  const readName = (name: string, at: number, idiom: string) => {
    if (c.refAt(at, at + name.length)) return;
    if (/^\s*=(?!=)/.test(source.slice(at + name.length, at + name.length + 40))) return; // `n = …` writes n
    if (tainted(name, at)) taintedRefusal(name, at, idiom);
  };
  const taintedRefusal = (name: string, at: number, idiom: string): never => {
    throw new PlanRefusal(
      "evaluation",
      at,
      `${/^[A-Za-z_]/.test(name) ? name : `$${name}`} is evaluated as arithmetic (${idiom}), where bash runs code found in a value (a[$(cmd)]), and ${flow.whyTainted(name, at)}; ${ADVICE_ARITH}`,
    );
  };

  /** A word read as a variable name: no value may stand in it, nor in a subscript of it. */
  const name = (word: ShellNode, idiom: string) => {
    const ref = c.refAt(word.start, word.end);
    if (ref)
      throw new PlanRefusal(
        "evaluation",
        ref.start,
        `${ref.raw} stands where ${idiom} reads a variable name, and bash evaluates a subscript in a name (a[$(cmd)]); ${ADVICE_NAME}`,
      );
    walkShell(word, (n) => {
      const carried = n.type === "ParamExp" && n.value && tainted(n.value, n.start);
      if (carried || ((n.type === "CmdSubst" || n.type === "ProcSubst") && flow.carries(n)))
        throw new PlanRefusal(
          "evaluation",
          n.start,
          `${idiom} reads a variable name from an expansion that may hold a value${carried ? ` ($${n.value}: ${flow.whyTainted(n.value!, n.start)})` : ""}; ${ADVICE_NAME}`,
        );
      if (n.type === "Lit") {
        const subscript = /\[(.*)\]/s.exec(n.value!);
        if (subscript) {
          const at = n.start + subscript.index + 1;
          for (const m of subscript[1].matchAll(SUBSCRIPT_NAMES))
            readName(m[1], at + m.index + m[0].length - m[1].length, `a subscript in ${idiom}`);
        }
      }
    });
  };

  walkShell(root, (n, stack) => {
    if (ARITH_ROOTS[n.type] && !stack.slice(0, -1).some((a) => c.arith.has(a))) arithmetic(n, ARITH_ROOTS[n.type]);
    else if (n.type === "BinaryTest" && n.op! >= OP.firstArithTest && n.op! <= OP.lastArithTest) {
      for (const side of [...listField(n, "X"), ...listField(n, "Y")]) arithmetic(side, "[[ … -gt … ]]");
    } else if (n.type === "UnaryTest" && (n.op === OP.testVarSet || n.op === OP.testRefVar))
      listField(n, "X").forEach((x) => name(x, "[[ -v ]]"));
    else if (n.type === "ParamExp") paramExp(n);
    else if (n.type === "Assign") assign(n, stack[stack.length - 2]);
    else if (n.type === "CallExpr") call(n);
  });

  function paramExp(n: ShellNode) {
    for (const index of listField(n, "Index")) arithmetic(index, "an array subscript");
    for (const slice of listField(n, "Slice"))
      for (const w of [...listField(slice, "Offset"), ...listField(slice, "Length")])
        arithmetic(w, "${v:offset:length}");
    if (!n.value || !tainted(n.value, n.start)) return;
    if (n.flag)
      throw new PlanRefusal(
        "evaluation",
        n.start,
        `\${!${n.value}} reads the variable named by ${n.value}'s value, and ${flow.whyTainted(n.value, n.start)}; ${ADVICE_NAME}`,
      );
    const exp = listField(n, "Exp")[0];
    const word = exp && listField(exp, "Word")[0];
    if (exp?.op === OP.atOperator && word && staticWordValue(word) === "P")
      throw new PlanRefusal(
        "idiom",
        n.start,
        `\${${n.value}@P} expands ${n.value}'s value as a prompt, running any $( ) in it, and ${flow.whyTainted(n.value, n.start)}; use "$${n.value}"`,
      );
  }

  function assign(n: ShellNode, owner: ShellNode | undefined) {
    for (const index of listField(n, "Index")) arithmetic(index, "an array subscript");
    const varName = listField(n, "Name")[0]?.value;
    const value = listField(n, "Value")[0];
    if (owner?.type === "DeclClause") return declArg(n, owner);
    if (!varName || !value) return;
    if (integers.has(varName)) arithmetic(value, `${varName}, declared -i`);
    if (namerefs.has(varName)) name(value, `${varName}, declared -n`);
    if (CODE_VARIABLES.has(varName) && flow.carries(value))
      throw new PlanRefusal(
        "idiom",
        value.start,
        `${varName} is expanded as code when the shell prints a prompt or a trace, and this assignment carries a value; give ${varName} fixed text`,
      );
  }

  function declArg(n: ShellNode, decl: ShellNode) {
    const variant = listField(decl, "Variant")[0]?.value ?? "declare";
    const flags = declFlags(decl);
    const value = listField(n, "Value")[0];
    const nameNode = listField(n, "Name")[0];
    if (!value || (!nameNode && isFlag(value))) return;
    if (flags === undefined && flow.carries(value))
      throw new PlanRefusal(
        "idiom",
        value.start,
        `${variant} with a word chosen at run time where its options or names stand cannot be checked; write its options and names as fixed text`,
      );
    const attrs = (flags ?? "").replace(/[^ainA]/g, "");
    const label = attrs ? `${variant} -${attrs}` : variant;
    if (!nameNode) return nakedDeclArg(value, label, attrs);
    if (/[aA]/.test(attrs) && flow.carries(value)) compoundRefusal(value.start, label);
    if (attrs.includes("n")) name(value, label);
    else if (attrs.includes("i")) arithmetic(value, label);
    if (CODE_VARIABLES.has(nameNode.value!) && flow.carries(value))
      throw new PlanRefusal(
        "idiom",
        value.start,
        `${nameNode.value} is expanded as code when the shell prints a prompt or a trace; give it fixed text`,
      );
  }

  /** `declare "NAME[=VALUE]"` in one word: NAME is read as a name; with attributes, the value must be fixed. */
  function nakedDeclArg(word: ShellNode, label: string, attrs: string) {
    const eq = source.indexOf("=", word.start);
    const nameEnd = eq >= 0 && eq < word.end ? eq : word.end;
    const ref = c.refAt(word.start, nameEnd);
    if (ref)
      throw new PlanRefusal(
        "evaluation",
        ref.start,
        `${ref.raw} stands in the name ${label} declares, and bash evaluates a subscript in a name (a[$(cmd)]); ${ADVICE_NAME}`,
      );
    const before = (p: ShellNode) => p.start < nameEnd;
    walkShell(word, (p) => {
      if (!before(p)) return;
      if ((p.type === "ParamExp" && p.value && tainted(p.value, p.start)) || (p.type === "CmdSubst" && flow.carries(p)))
        throw new PlanRefusal(
          "evaluation",
          p.start,
          `the name ${label} declares comes from an expansion that may hold a value; ${ADVICE_NAME}`,
        );
    });
    const subscript = /\[(.*)\]/s.exec(source.slice(word.start, nameEnd));
    if (subscript)
      for (const m of subscript[1].matchAll(SUBSCRIPT_NAMES))
        readName(
          m[1],
          word.start + subscript.index + 1 + m.index + m[0].length - m[1].length,
          `a subscript in ${label}`,
        );
    if (nameEnd === word.end || !attrs) return;
    const after =
      c.refAt(nameEnd, word.end) !== undefined ||
      word.children.some((p) => p.end > nameEnd && p.type !== "Lit" && flow.carries(p));
    if (!after) return;
    if (/[aA]/.test(attrs)) compoundRefusal(word.start, label);
    throw new PlanRefusal(
      "evaluation",
      word.start,
      `${label} evaluates this value as arithmetic or a name; write it unquoted as NAME={x} (then an integer is required) or give fixed text`,
    );
  }

  function compoundRefusal(at: number, label: string): never {
    throw new PlanRefusal(
      "idiom",
      at,
      `${label}: bash reads a value shaped (…) as an array to expand again, so a value cannot stand there; assign the array elements one at a time (arr[0]={x})`,
    );
  }

  function call(n: ShellNode) {
    const facts = scripts.calls.find((f) => f.node === n);
    if (!facts) return;
    for (const idiom of facts.idioms) {
      if (idiom.kind === "names") for (const i of idiom.indexes) name(facts.args[i], idiom.idiom);
      else if (idiom.kind === "arithmetic") for (const i of idiom.indexes) arithmetic(facts.args[i], idiom.idiom);
      else if (idiom.kind === "refuse")
        for (const i of idiom.indexes)
          if (flow.carries(facts.args[i]))
            throw new PlanRefusal(
              "idiom",
              facts.args[i].start,
              `${idiom.idiom}: this word carries a value, which could run as code there; ${idiom.instead}`,
            );
    }
  }

  for (const [set, attribute, what] of [
    [integers, "-i", "as arithmetic"],
    [namerefs, "-n", "as a variable name"],
  ] as const)
    for (const v of set)
      if (flow.filledWithValue(v))
        throw new PlanRefusal(
          "evaluation",
          root.start,
          `${v} is declared ${attribute}, so bash evaluates what read, for, printf -v or getopts puts into it ${what}, and that may be a value; assign it with ${v}={x} (an integer is then required) or drop ${attribute}`,
        );
  // A feed passes on its own stdin too (`cat | sh`, `echo {x} | sh -c 'cat | sh'`).
  for (const feed of scripts.feeds)
    if (flow.carries(feed.node) || flow.stdinCarries(feed.node))
      throw new PlanRefusal(
        "idiom",
        feed.at,
        `${feed.idiom}, and that text carries a value, which would run as code; ${feed.instead}`,
      );
  for (const f of scripts.scriptFiles)
    if (flow.writesValueInto(f.path))
      throw new PlanRefusal(
        "idiom",
        f.at,
        `${f.idiom} runs ${f.path}, which this command writes a value into, so the value would run as code; pass the value as an argument (sh ${f.path} {x}, read as "$1") instead`,
      );
  return c.arith;
}

const isFlag = (word: ShellNode) => /^[-+]/.test(staticWordValue(word) ?? "");

/** A declaration's option letters (`-ix` → "ix"); undefined when one is chosen at run time. */
function declFlags(decl: ShellNode): string | undefined {
  let flags = "";
  for (const a of listField(decl, "Args")) {
    if (listField(a, "Name").length) continue;
    const w = listField(a, "Value")[0];
    const v = w && staticWordValue(w);
    if (v === undefined) {
      if (w && listField(w, "Parts")[0]?.type !== "Lit") return undefined;
      continue;
    }
    if (/^-[A-Za-z]+$/.test(v)) flags += v.slice(1);
  }
  return flags;
}

/** Variables a declaration gives the integer (`-i`) or name reference (`-n`) attribute, anywhere in the line. */
function attributes(root: ShellNode) {
  const integers = new Set<string>();
  const namerefs = new Set<string>();
  walkShell(root, (n) => {
    if (n.type !== "DeclClause") return;
    const flags = declFlags(n) ?? "";
    for (const a of listField(n, "Args")) {
      const name =
        listField(a, "Name")[0]?.value ??
        /^[A-Za-z_]\w*/.exec(staticWordValue(listField(a, "Value")[0] ?? a) ?? "")?.[0];
      if (!name) continue;
      if (flags.includes("i")) integers.add(name);
      if (flags.includes("n")) namerefs.add(name);
    }
  });
  return { integers, namerefs };
}
