import { describe, expect, it } from "vitest";
import { main } from "./main";
import { captureIo } from "@/server/test-support/capture-io";

describe("wf main", () => {
  it("registers every subcommand of DESIGN.md §9 with --help", async () => {
    for (const cmd of ["validate", "convert", "describe", "run", "serve"]) {
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
