/**
 * The builtins of the idiom table (nested-shell-scripts.ts): which of their words are a script for the same
 * shell (`eval`, `trap`, `alias`, `mapfile -C`, `compgen -C`), name the file a script is read from (`.`,
 * `source`), are read as variable names (`read`, `printf -v`, `getopts`, `unset`, `wait -p`, `test -v`) or
 * as arithmetic (`let`), or must not carry a value (`compgen -W`, an option given at run time).
 */
import { argsOf, fileScript, fixed, optionValue, options, range, type CallIdiom, type CallWord } from "./call-words";

type Builtin = (words: CallWord[], at: number) => CallIdiom[];

export const BUILTINS: Record<string, Builtin> = {
  eval: (w, at) => {
    const first = fixed(w[at + 1]) === "--" ? at + 2 : at + 1;
    return first < w.length ? [{ kind: "script", first, last: w.length - 1, shell: "same", idiom: "eval" }] : [];
  },
  trap: (w, at) => {
    const k = fixed(w[at + 1]) === "--" ? at + 2 : at + 1;
    const v = fixed(w[k]);
    if (k >= w.length || (v !== undefined && v.startsWith("-"))) return [];
    return [{ kind: "script", first: k, last: k, shell: "same", idiom: "trap" }];
  },
  alias: (w, at) =>
    range(at + 1, w.length).flatMap((i): CallIdiom[] => {
      const name = /^[^={}\s'"\\$`]+=/.exec(w[i].value ?? "")?.[0];
      if (name) return [{ kind: "script", first: i, last: i, shell: "same", idiom: "alias", prefix: name }];
      return [
        {
          kind: "refuse",
          indexes: [i],
          idiom: "alias",
          instead: "write the alias as NAME='…' with the reference inside the quotes",
        },
      ];
    }),
  ".": (w, at) => source(w, at, "."),
  source: (w, at) => source(w, at, "source"),
  mapfile: (w, at) => mapfile(w, at, "mapfile"),
  readarray: (w, at) => mapfile(w, at, "readarray"),
  read: (w, at) => {
    const { found, operands } = options(w, at + 1, "adinNptu");
    return [
      { kind: "names", indexes: [...argsOf(found, "a"), ...range(operands, w.length)], idiom: "read", assigns: true },
    ];
  },
  printf: (w, at) => {
    const { found, operands, dynamic } = options(w, at + 1, "v");
    const out: CallIdiom[] = found.length
      ? [{ kind: "names", indexes: argsOf(found, "v"), idiom: "printf -v", assigns: true }]
      : [];
    if (dynamic) out.push(...optionValue(w, operands, "printf", "put -- before the format (printf -- {x} …)"));
    return out;
  },
  getopts: (w, at) =>
    at + 2 < w.length ? [{ kind: "names", indexes: [at + 2], idiom: "getopts", assigns: true }] : [],
  unset: (w, at) => [
    { kind: "names", indexes: range(options(w, at + 1, "").operands, w.length), idiom: "unset", assigns: false },
  ],
  wait: (w, at) => {
    const { found, operands, dynamic } = options(w, at + 1, "p");
    const names = argsOf(found, "p");
    const out: CallIdiom[] = names.length ? [{ kind: "names", indexes: names, idiom: "wait -p", assigns: true }] : [];
    if (dynamic) out.push(...optionValue(w, operands, "wait", "put -- before the job ids"));
    return out;
  },
  test: (w, at) => testNames(w, at, "test -v"),
  "[": (w, at) => testNames(w, at, "[ -v ]"),
  let: (w, at) => [{ kind: "arithmetic", indexes: range(at + 1, w.length), idiom: "let" }],
  compgen: (w, at) => completion(w, at, "compgen"),
  complete: (w, at) => completion(w, at, "complete"),
};

function source(w: CallWord[], at: number, idiom: string): CallIdiom[] {
  const k = fixed(w[at + 1]) === "--" ? at + 2 : at + 1;
  return k < w.length ? [fileScript(w, k, "same", idiom)] : [];
}

function mapfile(w: CallWord[], at: number, idiom: string): CallIdiom[] {
  const { found, operands, dynamic } = options(w, at + 1, "dnOsuCc");
  const out: CallIdiom[] = dynamic ? optionValue(w, operands, idiom, "give its options as fixed text") : [];
  out.push(
    ...argsOf(found, "C").map((i) =>
      w[i].value?.startsWith("-") ? callbackGlued(i, `${idiom} -C`) : script(i, `${idiom} -C`),
    ),
  );
  if (operands < w.length) out.push({ kind: "names", indexes: [w.length - 1], idiom, assigns: true });
  return out;
}

const script = (i: number, idiom: string): CallIdiom => ({ kind: "script", first: i, last: i, shell: "same", idiom });
const callbackGlued = (i: number, idiom: string): CallIdiom => ({
  kind: "refuse",
  indexes: [i],
  idiom,
  instead: "give the callback as a word of its own after -C",
});

/**
 * `test -v NAME`: NAME is a name. A word only known at run time followed by another could be `-v` too
 * (`[ {op} {x} ]`), so the word after it is read as a name as well.
 */
function testNames(w: CallWord[], at: number, idiom: string): CallIdiom[] {
  const end = fixed(w[at]) === "[" ? w.length - 1 : w.length;
  const names = range(at + 1, end - 1)
    .filter((i) => ["-v", "-R"].includes(fixed(w[i]) ?? "") || fixed(w[i]) === undefined)
    .map((i) => i + 1);
  return names.length ? [{ kind: "names", indexes: names, idiom, assigns: false }] : [];
}

function completion(w: CallWord[], at: number, idiom: string): CallIdiom[] {
  const { found, operands, dynamic } = options(w, at + 1, "oAGWFCXPSa");
  const out: CallIdiom[] = dynamic ? optionValue(w, operands, idiom, "give its options as fixed text") : [];
  for (const i of argsOf(found, "C"))
    out.push(w[i].value?.startsWith("-") ? callbackGlued(i, `${idiom} -C`) : script(i, `${idiom} -C`));
  const names = argsOf(found, "F");
  if (names.length) out.push({ kind: "names", indexes: names, idiom: `${idiom} -F`, assigns: false });
  const words = argsOf(found, "W");
  if (words.length)
    out.push({
      kind: "refuse",
      indexes: words,
      idiom: `${idiom} -W`,
      instead: "the word list is expanded again, so give the words as fixed text",
    });
  return out;
}
