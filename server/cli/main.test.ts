import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "./main";
import { plainValidateArgs } from "./plain-validate-args";
import { captureIo } from "@/server/test-support/capture-io";

describe("wf main", () => {
  it("registers every subcommand of docs/cli.md with --help", async () => {
    for (const cmd of ["validate", "convert", "describe", "run", "serve", "migrate"]) {
      const io = captureIo();
      expect(await main(["node", "wf", cmd, "--help"], io)).toBe(0);
      expect(io.stdout.join("\n")).toContain(`Usage: wf ${cmd}`);
    }
  });

  it("unknown command or flag → usage on stderr, exit 2", async () => {
    const a = captureIo();
    expect(await main(["node", "wf", "frobnicate"], a)).toBe(2);
    expect(a.stderr.join("\n")).toMatch(/unknown command 'frobnicate'[\s\S]*Usage: wf/);
    const b = captureIo();
    expect(await main(["node", "wf", "validate", "x.json", "--nope"], b)).toBe(2);
    expect(b.stderr.join("\n")).toMatch(/unknown option '--nope'[\s\S]*Usage: wf validate/);
    expect(b.stdout).toEqual([]);
  });

  it("serve and run refuse a corrupt database with one line naming the path, exit 2", async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-cli-"));
    const file = path.join(dir, "broken.db");
    fs.writeFileSync(file, "not a database at all ".repeat(300));
    const saved = process.env.WF_DB_PATH;
    process.env.WF_DB_PATH = file;
    try {
      const io = captureIo();
      expect(await main(["node", "wf", "serve", "--port", "3999"], io)).toBe(2);
      expect(io.stderr).toEqual([
        `wf: Cannot open database ${file}: the file is not a SQLite database (corrupt or another format)`,
      ]);
      const template = path.join(dir, "t.json");
      fs.writeFileSync(
        template,
        JSON.stringify({
          template_id: "t",
          name: "t",
          nodes: [{ id: "A", name: "a", type: "shell", args_template: "true" }],
        }),
      );
      const run = captureIo();
      expect(await main(["node", "wf", "run", template, "--db", file], run)).toBe(2);
      expect(run.stderr.join("\n")).toMatch(
        /^wf: Cannot open database .*broken\.db: the file is not a SQLite database/m,
      );
    } finally {
      process.env.WF_DB_PATH = saved;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("wf validate without commander", () => {
  const fixture = (name: string) => path.join(__dirname, "fixtures", name);
  /** The same line through commander (./program), as every line went before. */
  async function viaCommander(argv: string[]) {
    const io = captureIo();
    const result = { code: 0 };
    const { buildProgram } = await import("./program");
    await buildProgram(io, result).parseAsync(argv);
    return { code: result.code, stdout: io.stdout, stderr: io.stderr };
  }

  it("reads only the three plain forms; anything else is left to commander", () => {
    const args = (...a: string[]) => plainValidateArgs(["node", "wf", ...a]);
    expect(args("validate", "a.json")).toEqual({ file: "a.json", json: false });
    expect(args("validate", "a.json", "--json")).toEqual({ file: "a.json", json: true });
    expect(args("validate", "--json", "a.json")).toEqual({ file: "a.json", json: true });
    for (const other of [
      [],
      ["validate"],
      ["validate", "--json"],
      ["validate", "--json", "--json"],
      ["validate", "a.json", "b.json"],
      ["validate", "a.json", "--nope"],
      ["validate", "-", "--json"],
      ["validate", "--", "a.json"],
      ["validate", "a.json", "--json", "--json"],
      ["validate", "--help"],
      ["validate", ""],
      ["convert", "a.json"],
    ])
      expect(args(...other), other.join(" ")).toBeUndefined();
  });

  it("prints exactly what commander's path prints, with the same exit code", async () => {
    const files = [
      fixture("seed-full-template.json"),
      fixture("cycle.json"),
      fixture("release-flow.mmd"),
      fixture("review-playbook.yml"),
      fixture("every-rule-broken.yaml"),
      fixture("broken-syntax.mmd"),
      fixture("missing.json"),
      path.join(__dirname, "main.ts"), // not a workflow file type
    ];
    for (const file of files)
      for (const tail of [[file], [file, "--json"], ["--json", file]]) {
        const argv = ["node", "wf", "validate", ...tail];
        expect(plainValidateArgs(argv)).toBeDefined();
        const io = captureIo();
        const code = await main(argv, io);
        const direct = { code, stdout: io.stdout, stderr: io.stderr };
        const commander = await viaCommander(argv).catch((err: Error) => ({
          code: -1,
          stdout: [],
          stderr: [err.message],
        }));
        // Commander's path throws a CliError for an unreadable file, which main() prints: compare the printed line.
        if (commander.code === -1) expect(direct.stderr).toEqual([`wf: ${commander.stderr[0]}`]);
        else expect(direct).toEqual(commander);
      }
  });
});
