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
