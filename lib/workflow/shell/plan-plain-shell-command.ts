/**
 * planPlainShellCommand(text): the plan of a plain command line, read without the shell parser, or
 * undefined when the line is not plain. The parser (mvdan-sh) takes ~80 ms to load, which a `wf validate`
 * or `wf run` of a template whose commands are all plain (`true`, `npm test`, `pytest {path} -q`) need not pay.
 *
 * Plain: ASCII words of ordinary characters (and `[` `]` as words of their own), '…' strings, "…" strings without `\` or backquotes, parameter
 * expansions (`$NAME`, `${NAME}`, `$1`, `$@`…) and command substitutions `$( … )` of a plain line, joined by
 * `|`, `||`, `&&`, `;`, `&` or newlines, with `<`, `>`, `>>` and `N>&M` redirections. Such a line always
 * parses, so its plan is the text itself when it holds no reference. A reference is planned here only where
 * its spot is plain (an unquoted word, a '…' or a "…" string; inside `$( )` its own quoting counts) and no
 * word of the line is a shell, `eval`, `trap` or a program that hands a script to one (their scripts are
 * planned again for the inner shell). Anything else — backquotes, `$(( ))`, `${x:-…}`, parentheses,
 * braces, here-documents, comments, keywords, `let`, declarations — goes to the parser. The plan equals the
 * parser-based one (a test compares them on generated lines).
 */
import { parseReferences, type Reference } from "@/lib/workflow/model/references";
import type { CallWord } from "./call-words";
import { callIdioms, CODE_VARIABLES } from "./nested-shell-scripts";
import { Allocator, EXPANSION, type Form, type ShellCommandPlan } from "./shell-command-plan";

/** Characters a plain word is made of (globs `*` `?` included: they never change how a line parses). */
const WORD_CHAR = /[A-Za-z0-9_./:=,@%+\-~^*?]/;
/** Words that start a compound command, or make one of their own (arithmetic, declarations, nested scripts). */
const KEYWORDS = new Set([
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "for",
  "while",
  "until",
  "do",
  "done",
  "case",
  "esac",
  "in",
  "select",
  "function",
  "time",
  "coproc",
  "let",
  "declare",
  "typeset",
  "export",
  "local",
  "readonly",
  "nameref",
]);

/** Thrown while reading when the line is not plain; never escapes this file. */
class NotPlain extends Error {}
const notPlain = (): never => {
  throw new NotPlain();
};

/** A word as the parser-based planner reads a call's words (staticWordValue), for the idiom table. */
type Word = CallWord;

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;
/** Its value is known from the text. */
const isFixed = (w: Word) => w.value !== undefined && !w.refs;

/**
 * The index past a plain parameter expansion at `i` (`$NAME`, `${NAME}`, `$1`, `$@`, `$?`, …); anything
 * else after `$` (`$(`, `$((`, `${x:-…}`, `$'…'`) is not plain.
 */
function parameterEnd(text: string, i: number): number {
  const name = /^\$(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-]|\{(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])\})/.exec(
    text.slice(i, i + 200),
  );
  return name ? i + name[0].length : notPlain();
}

export function planPlainShellCommand(text: string): ShellCommandPlan | undefined {
  // Any control character but tab and newline, or any non-ASCII character, is not plain.
  if (!/^[\x20-\x7e\t\n]*$/.test(text) || !text.trim()) return undefined;
  const refs = parseReferences(text);
  const refAt = new Map<number, Reference>(refs.map((r) => [r.start, r]));
  /** The spot of each reference, in text order. */
  const forms: Form[] = [];
  /** Every simple command met, `$( )`'s included. */
  const commands: { words: Word[]; piped: boolean; input: boolean }[] = [];
  let i = 0;

  /** A reference at `i` standing in `form`; moves past it and returns its text. */
  const reference = (form: Form): string => {
    const ref = refAt.get(i) ?? notPlain();
    forms.push(form);
    i = ref.end;
    return ref.raw;
  };

  /** `$NAME`, `${NAME}`, `$1`, `$@`… or `$( list )` at `i`: moves past it. */
  const expansion = () => {
    if (text[i + 1] !== "(") {
      i = parameterEnd(text, i);
      return;
    }
    if (text[i + 2] === "(") notPlain(); // $(( arithmetic ))
    i += 2;
    list(")");
    i++;
  };

  /** Reads a word at `i`; stops before a space, an operator, a redirection or `)`. */
  const word = (): Word => {
    let value: string | undefined = "";
    const start = i;
    const formsBefore = forms.length;
    while (i < text.length) {
      const c = text[i];
      if (c === "'") {
        const close = text.indexOf("'", i + 1);
        if (close < 0) notPlain();
        const inside = refs.filter((r) => r.start > i && r.start < close);
        if (inside.some((r) => r.end > close)) notPlain();
        for (const _ of inside) forms.push("single");
        if (value !== undefined) value += text.slice(i + 1, close);
        i = close + 1;
      } else if (c === '"') {
        i++;
        while (i < text.length && text[i] !== '"') {
          if (refAt.has(i)) {
            const raw = reference("double");
            if (value !== undefined) value += raw;
          } else if (text[i] === "$") {
            expansion();
            value = undefined;
          } else if (text[i] === "\\" || text[i] === "`") notPlain();
          else if (value !== undefined) value += text[i++];
          else i++;
        }
        if (i >= text.length) notPlain();
        i++;
      } else if (c === "$") {
        expansion();
        value = undefined;
      } else if (c === "{") {
        const raw = reference("unquoted");
        if (value !== undefined) value += raw;
      } else if ((c === "[" || c === "]") && i === start && /^[\s;&|)]?$/.test(text[i + 1] ?? "")) {
        // The test command `[ … ]`, a word of its own (never part of another word: a glob, an index).
        if (value !== undefined) value += c;
        i++;
        break;
      } else if (WORD_CHAR.test(c)) {
        if (value !== undefined) value += c;
        i++;
      } else break;
    }
    if (i === start) notPlain();
    return { value, raw: text.slice(start, i), refs: forms.length > formsBefore };
  };

  /** A redirection at `i` (`<`, `>`, `>>` with a word, `N>&M`), after a command's first word. */
  const redirection = (): string => {
    while (/[0-9]/.test(text[i])) i++;
    const op = text.slice(i, i + 2);
    if (op === ">&") {
      i += 2;
      if (!/[0-9]/.test(text[i] ?? "") || /[^\s;&|)]/.test(text[i + 1] ?? " ")) notPlain();
      i++;
      return op;
    }
    if (op === "<<" || op === "<>" || op === "<&" || op === ">|") notPlain();
    i += op === ">>" ? 2 : 1;
    while (text[i] === " " || text[i] === "\t") i++;
    word();
    return op;
  };

  /** Commands joined by operators, up to the end or to `closer`, which is left at `i`. */
  function list(closer?: string) {
    let words: Word[] = [];
    let piped = false;
    let input = false;
    let met = 0;
    /** The last operator needs a command after it (`|`, `&&`, `||`). */
    let dangling = false;
    const endCommand = () => {
      if (words.length) {
        commands.push({ words, piped, input });
        met++;
      }
      words = [];
      input = false;
    };
    while (i < text.length && text[i] !== closer) {
      const c = text[i];
      if (c === " " || c === "\t") {
        i++;
      } else if (c === "\n" || c === ";" || c === "&" || c === "|") {
        const two = text.slice(i, i + 2);
        const op = two === "&&" || two === "||" ? two : c;
        if (two === "&>" || two === "|&" || two === ";;") notPlain();
        if (op === "\n" ? dangling : !words.length) notPlain();
        endCommand();
        piped = op === "|";
        dangling = op === "|" || op === "&&" || op === "||";
        i += op.length;
      } else if (c === "<" || c === ">" || /^[0-9]{1,2}[<>]/.test(text.slice(i, i + 3))) {
        if (!words.length) notPlain();
        if (redirection().startsWith("<")) input = true;
      } else if (/^[0-9]{3,}[<>]/.test(text.slice(i, i + 12))) {
        notPlain(); // a long file descriptor number: the parser's business
      } else {
        const w = word();
        const head = words.every((x) => ASSIGNMENT.test(x.raw));
        if (head && w.value !== undefined && KEYWORDS.has(w.value)) notPlain();
        words.push(w);
        dangling = false;
      }
    }
    if (closer && text[i] !== closer) notPlain();
    endCommand();
    if (dangling || met === 0) notPlain();
  }

  try {
    list();
  } catch (err) {
    if (err instanceof NotPlain) return undefined;
    throw err;
  }
  for (const { words, piped, input } of commands) {
    let n = 0;
    while (n < words.length && ASSIGNMENT.test(words[n].raw)) n++;
    if (words.slice(0, n).some((w) => CODE_VARIABLES.has(w.raw.split(/\+?=/)[0]))) return undefined;
    const call = words.slice(n);
    // A script for a shell, a name, …: the parser's business. Two idioms the parser acts on only when a value
    // could reach them: words that must not carry one, and the stdin of a program named at run time.
    for (const idiom of callIdioms(call)) {
      if (idiom.kind === "refuse" && idiom.indexes.every((k) => isFixed(call[k]))) continue;
      if (idiom.kind === "program" && call.every((w, k) => k <= idiom.index || isFixed(w))) continue;
      if (idiom.kind === "stdin" && idiom.shell === "unknown" && !piped && !input) continue;
      return undefined;
    }
  }
  if (refs.length === 0) return { ok: true, script: text, refs: [] };
  if (forms.length !== refs.length) return undefined; // a reference outside any word (cannot be: safety net)
  const alloc = new Allocator();
  let script = "";
  let last = 0;
  refs.forEach((ref, k) => {
    const slot = alloc.slot(ref, false, false);
    script += text.slice(last, ref.start) + EXPANSION[forms[k]](slot.name);
    last = ref.end;
  });
  return { ok: true, script: script + text.slice(last), refs: [...alloc.slots.values()] };
}
