import { describe, expect, it } from "vitest";
import { referenceLookup } from "@/lib/workflow/model/references";
import { planShellCommand } from "./plan-shell-command";
import { ENV_VALUE_MAX_BYTES, renderShellCommand } from "./render-shell-command";

const script = (text: string) => {
  const p = planShellCommand(text);
  if (!p.ok) throw new Error(p.message);
  return p.script;
};

describe("planShellCommand: each spot gets the expansion quoted for it", () => {
  it.each([
    ["echo {x}", 'echo "$WF_REF_1"'],
    ["echo a{x}b", 'echo a"$WF_REF_1"b'],
    ["echo '{x}'", `echo ''"$WF_REF_1"''`],
    ['echo "{x}"', 'echo "${WF_REF_1}"'],
    ["echo $'a{x}'", `echo $'a'"$WF_REF_1"$''`],
    ['echo "`echo {x}`"', 'echo "`echo "$WF_REF_1"`"'],
    ["echo \"$(printf %s '{x}')\"", `echo "$(printf %s ''"$WF_REF_1"'')"`],
    ["cat <<EOF\n{x}\nEOF", "cat <<EOF\n${WF_REF_1}\nEOF"],
    ["cat <<'EOF'\n{x} $y\nEOF", "cat <<EOF\n${WF_REF_1} \\$y\nEOF"],
    ["true # {x}", "true # WF_REF_1"],
    ["echo $(( {n} + 1 ))", "echo $(( ${WF_REF_1} + 1 ))"],
    ["sh -c 'echo {x}'", `sh -c 'echo "$WF_REF_1"'`],
    ["bash -ec \"echo '{x}'\"", `bash -ec 'echo '\\'''\\''"$WF_REF_1"'\\'''\\'''`],
    ["eval 'echo \"{x}\"'", `eval 'echo "\${WF_REF_1}"'`],
    ["sh <<'E'\necho {x}\nE", `sh <<'E'\necho "$WF_REF_1"\nE`],
    ["flock lock -c 'echo {x}'", `flock lock -c 'echo "$WF_REF_1"'`],
    ["find . -exec sh -c 'echo {x} \"$1\"' _ {} \\;", `find . -exec sh -c 'echo "$WF_REF_1" "$1"' _ {} \\;`],
  ])("%j → %j", (text, expected) => {
    expect(script(text)).toBe(expected);
  });

  it("one variable per distinct reference, shared by every occurrence", () => {
    const p = planShellCommand("echo {x} '{y}' \"{x}\"");
    expect(p.ok && p.refs.map((r) => [r.name, r.ref.raw])).toEqual([
      ["WF_REF_1", "{x}"],
      ["WF_REF_2", "{y}"],
    ]);
  });

  it("a command without references is kept as written", () => {
    expect(script("ls -la | grep '^d' > dirs.txt")).toBe("ls -la | grep '^d' > dirs.txt");
  });

  it.each(["hasOwnProperty", "__proto__", "toString", "constructor", "valueOf"])(
    "a program named like an object's own key (%s) is a program, in both planners",
    (name) => {
      expect(script(`${name} {x}`)).toBe(`${name} "$WF_REF_1"`);
      expect(script(`${name} {x}; (true)`)).toBe(`${name} "$WF_REF_1"; (true)`);
    },
  );
});

describe("planShellCommand: every way a script reaches a shell is planned for that shell", () => {
  it.each([
    ["trap -- 'echo {x}' EXIT", `trap -- 'echo "$WF_REF_1"' EXIT`],
    ["builtin trap -- 'echo {x}' EXIT", `builtin trap -- 'echo "$WF_REF_1"' EXIT`],
    ["command eval 'echo {x}'", `command eval 'echo "$WF_REF_1"'`],
    ["eval -- 'echo {x}'", `eval -- 'echo "$WF_REF_1"'`],
    ["alias a='echo {x}'", `alias 'a=echo "$WF_REF_1"'`],
    ["mapfile -C 'echo {x}' -c 1 arr", `mapfile -C 'echo "$WF_REF_1"' -c 1 arr`],
    [". /dev/stdin <<'EOF'\necho {x}\nEOF", `. /dev/stdin <<'EOF'\necho "$WF_REF_1"\nEOF`],
    ["source /dev/stdin <<EOF\necho {x}\nEOF", `source /dev/stdin <<EOF\necho "\\$WF_REF_1"\nEOF`],
    ["source /dev/stdin <<< 'echo {x}'", `source /dev/stdin <<< 'echo "$WF_REF_1"'`],
    ["sh /dev/fd/3 3<<'E'\necho {x}\nE", `sh /dev/fd/3 3<<'E'\necho "$WF_REF_1"\nE`],
    [". <(echo 'echo {x}')", `. <(echo 'echo "$WF_REF_1"')`],
    ["bash <(echo 'echo {x}')", `bash <(echo 'echo "$WF_REF_1"')`],
    [`bash -c 'bash <<< "echo {x}"'`, `bash -c 'bash <<< '\\''echo "$WF_REF_1"'\\'''`],
    ["cat <<'EOF' | sh\necho {x}\nEOF", `cat <<'EOF' | sh\necho "$WF_REF_1"\nEOF`],
    ["echo 'echo {x}' | bash", `echo 'echo "$WF_REF_1"' | bash`],
    ["echo 'echo {x}' | . /dev/stdin", `echo 'echo "$WF_REF_1"' | . /dev/stdin`],
    [`"$SHELL" -c 'echo {x}'`, `"$SHELL" -c 'echo "$WF_REF_1"'`],
    ["$BASH -c 'echo {x}'", `$BASH -c 'echo "$WF_REF_1"'`],
    [`"$0" -c 'echo {x}'`, `"$0" -c 'echo "$WF_REF_1"'`],
    ["exec sh -c 'echo {x}'", `exec sh -c 'echo "$WF_REF_1"'`],
    ["xargs sh -c 'echo {x}'", `xargs sh -c 'echo "$WF_REF_1"'`],
    ["script -qc 'echo {x}' /dev/null", `script -qc 'echo "$WF_REF_1"' /dev/null`],
    [
      "f() { trap 'echo {x}' EXIT; }; if true; then (f); fi",
      `f() { trap 'echo "$WF_REF_1"' EXIT; }; if true; then (f); fi`,
    ],
    ["e\\\nval 'echo {x}'", `e\\\nval 'echo "$WF_REF_1"'`],
    // Naming the program: a program, never eval or another builtin.
    ["{tool} {arg}", 'env -- "$WF_REF_1" "$WF_REF_2"'],
    ["{tool} --version", '"$WF_REF_1" --version'],
  ])("%j → %j", (text, expected) => {
    expect(script(text)).toBe(expected);
  });

  it("a reference in bash arithmetic is kept and must be an integer", () => {
    for (const text of ['[[ "{x}" -gt 3 ]]', "(( {x} > 1 ))", "let n={x}+1", "declare -i n={x}", 'echo $(( "{x}" ))']) {
      const p = planShellCommand(text);
      expect({ text, arith: p.ok && p.refs.map((r) => r.arith) }).toEqual({ text, arith: [true] });
    }
    expect(planShellCommand('[ "{x}" -gt 3 ]')).toMatchObject({ ok: true, refs: [{ arith: false }] });
  });
});

describe("planShellCommand: a value that would run as code or be evaluated is refused with its idiom", () => {
  it.each([
    // [text, kind, line, column, words of the message]
    ["printf 'echo %s' {x} | sh", "idiom", 1, 1, /sh runs as a script .*`… \| sh`.*sh -c/],
    ["curl {url} | sh", "idiom", 1, 1, /sh runs as a script/],
    ["source <(printf 'echo {x}')", "idiom", 1, 10, /source <\(…\)/],
    ["echo {x} > >(sh)", "idiom", 1, 1, />\(sh\)/],
    ["sh -c 'cat | sh' <<< 'echo {x}'", "idiom", 1, 7, /in the script for sh -c/],
    ["echo {x} | xargs -I{} sh -c '{}'", "idiom", 1, 1, /xargs … sh -c/],
    [`s='echo {x}'; sh -c "$s"`, "idiom", 1, 21, /assembled at run time.*"\$1"/],
    [`x={x}\neval "$x"`, "idiom", 2, 6, /script for eval is assembled at run time/],
    [`f() { eval "$1"; }; f {x}`, "idiom", 1, 12, /eval/],
    ["echo {x} > s.sh; sh s.sh", "idiom", 1, 21, /s\.sh, which this command writes a value into/],
    [`env -S 'sh -c "echo {x}"'`, "idiom", 1, 8, /env -S/],
    [`env -S"sh -c 'echo {x}'"`, "idiom", 1, 5, /env -S/],
    ["c=eval; $c 'echo {x}'", "idiom", 1, 12, /name the program/],
    ["$(command -v sh) -c 'echo {x}'", "idiom", 1, 21, /name the program|name the shell/],
    ["sh {opt} {x}", "idiom", 1, 10, /put --/],
    ["printf {fmt} {x}", "idiom", 1, 14, /printf --/],
    ["compgen -W '{x}' a", "idiom", 1, 12, /compgen -W/],
    ["ssh host 'ls {x}'", "idiom", 1, 10, /ssh/],
    ["PS4={x} bash -xc true", "idiom", 1, 5, /PS4/],
    ["declare -a arr={x}", "idiom", 1, 16, /declare -a/],
    ["n={x}; echo $((n+1))", "evaluation", 1, 16, /n is evaluated as arithmetic.*assigned a value/],
    ["n={x}\n[[ $n -gt 3 ]]", "evaluation", 2, 4, /\[\[ … -gt … \]\]/],
    ["read n <<< {x}; (( n ))", "evaluation", 1, 20, /\(\( \)\)/],
    ["echo $(( count + 1 ))", "evaluation", 1, 10, /comes from the environment/],
    [`i={x}; echo "\${a[$i]}"`, "evaluation", 1, 18, /subscript/],
    ["declare -i n; read n <<< {x}", "evaluation", 1, 1, /declared -i/],
    ["declare 'a[{x}]=1'", "evaluation", 1, 12, /name declare declares/],
    ["declare -n r={x}", "evaluation", 1, 14, /declare -n/],
    ["printf -v {x} %s 1", "evaluation", 1, 11, /printf -v reads a variable name/],
    ["read {x}", "evaluation", 1, 6, /read reads a variable name/],
    ["[ -v {x} ]", "evaluation", 1, 6, /-v/],
    ["[[ -v {x} ]]", "evaluation", 1, 7, /\[\[ -v \]\]/],
    [`v={x}; echo "\${!v}"`, "evaluation", 1, 14, /\$\{!v\}/],
    ["unset {x}", "evaluation", 1, 7, /unset/],
  ] as const)("%j is refused (%s at %i:%i)", (text, kind, line, column, words) => {
    const p = planShellCommand(text);
    expect(p).toMatchObject({ ok: false, kind, line, column });
    expect(!p.ok && p.message).toMatch(words);
  });

  it("no value, no refusal: the same idioms with fixed text, or with values that stay data, are planned", () => {
    for (const text of [
      "curl -fsSL https://example.com/install.sh | sh",
      "curl -fsSL https://example.com/install.sh | sh -s -- {x}",
      'eval "$(ssh-agent -s)" && git clone {repo}',
      "i=0; while [ $i -lt 3 ]; do i=$((i+1)); done; echo {x}",
      "for ((i=0; i<3; i++)); do echo {x}; done",
      'n={x}; [ "$n" -gt 3 ] && expr "$n" + 1',
      "n=$(wc -l < out.txt); echo $((n + 1)) {x}",
      "echo $((RANDOM % 6)) $((WF_ITERATION + 1)) {x}",
      "let 'n = 1 + 2'; echo $n {x}",
      `printf -v line '%s' {x}; echo "$line"`,
      `read -r line <<< {x}; echo "$line"`,
      "export A={x} && local_b={x} && readonly C={x}",
    ])
      expect({ text, plan: planShellCommand(text) }).toMatchObject({ text, plan: { ok: true } });
  });
});

describe("planShellCommand: refusals with a position", () => {
  it("an unclosed quote is a syntax problem at its line and column", () => {
    expect(planShellCommand("echo ok\necho 'abc {x}")).toMatchObject({ ok: false, kind: "syntax", line: 2, column: 6 });
    expect(planShellCommand('echo "abc')).toMatchObject({ ok: false, kind: "syntax", line: 1, column: 6 });
  });

  it.each([
    ["echo ${v:-{x}}", 1, 11],
    ["echo \\{x}", 1, 7],
    ['sh -c "echo $HOME {x}"', 1, 7],
    ["echo `sh -c 'echo {x}'`", 1, 13],
  ])("%j is refused at line %i, column %i", (text, line, column) => {
    expect(planShellCommand(text)).toMatchObject({ ok: false, kind: "placement", line, column });
  });

  it("columns count characters, not bytes", () => {
    expect(planShellCommand("echo é 'ü")).toMatchObject({ ok: false, line: 1, column: 8 });
  });
});

describe("renderShellCommand", () => {
  const plan = (text: string) => {
    const p = planShellCommand(text);
    if (!p.ok) throw new Error(p.message);
    return p;
  };
  const noFile = () => {
    throw new Error("no file expected");
  };

  it("values go in the environment; an unresolved reference passes its own text", () => {
    const r = renderShellCommand(plan("echo {x} {missing}"), referenceLookup({ vars: { x: "$(id)" } }), noFile);
    expect(r).toMatchObject({
      ok: true,
      script: 'echo "$WF_REF_1" "$WF_REF_2"',
      env: { WF_REF_1: "$(id)", WF_REF_2: "{missing}" },
    });
  });

  it("a value too large for the environment goes through a file read by a preamble", () => {
    const big = "a".repeat(ENV_VALUE_MAX_BYTES + 1);
    const r = renderShellCommand(plan("printf %s {x}"), referenceLookup({ vars: { x: big } }), (n) => `/tmp/${n}`);
    expect(r.ok && r.files).toEqual([{ name: "WF_REF_1", envName: "WF_REF_1_FILE", value: big }]);
    expect(r.ok && r.env).toEqual({ WF_REF_1_FILE: "/tmp/WF_REF_1" });
    expect(r.ok && r.script.split("\n")[0]).toMatch(/^WF_REF_1=\$\(cat -- "\$WF_REF_1_FILE"/);
  });

  it("refuses a large value for a nested shell and a non-integer in arithmetic", () => {
    const big = "a".repeat(ENV_VALUE_MAX_BYTES + 1);
    expect(renderShellCommand(plan("sh -c 'echo {x}'"), referenceLookup({ vars: { x: big } }), noFile).ok).toBe(false);
    expect(
      renderShellCommand(plan("echo $(( {n} ))"), referenceLookup({ vars: { n: "a[$(id)]" } }), noFile),
    ).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not an integer/),
    });
  });
});
