/**
 * `wf validate` on a playbook whose `!include` reaches for files it must not read: an absolute path
 * (a key, /dev/stdin), a home folder, `..` out of the folder, a symlink out, a FIFO, a folder. Each
 * is refused with PB017 at the include's line (the file is never read, a FIFO never blocks), and a
 * file in a subfolder, reached also through a symlink inside the tree, still works.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "@/server/cli/main";
import { captureIo } from "@/server/test-support/capture-io";

let dir: string;
let outside: string;
const file = (name: string) => path.join(dir, "book", name);

const playbook = (include: string) =>
  [
    "name: pb",
    "description: d",
    "tasks:",
    "  - name: approve",
    "    phase: p",
    "    capability: decision",
    `    prompt: !include ${include}`,
    "    success: approved",
  ].join("\n");

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-include-"));
  outside = path.join(dir, "secret.txt");
  fs.writeFileSync(outside, "TOP SECRET KEY\n");
  fs.mkdirSync(file("prompts"), { recursive: true });
  fs.writeFileSync(file("prompts/approve.md"), "Approve the change?\n");
  fs.symlinkSync(outside, file("prompts/link-out.md"));
  fs.symlinkSync(file("prompts/approve.md"), file("link-in.md"));
  execFileSync("mkfifo", [file("prompts/pipe.md")]);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function validate(include: string) {
  fs.writeFileSync(file("pb.yml"), playbook(include));
  const io = captureIo();
  const code = await main(["node", "wf", "validate", file("pb.yml"), "--json"], io);
  return { code, out: JSON.parse(io.stdout[0]!) as { diagnostics: { code: string; line: number; message: string }[] } };
}

describe("!include stays in the playbook's folder tree and reads regular files only", () => {
  it.each([
    ["/etc/passwd", /absolute path/],
    ["/dev/stdin", /absolute path/],
    ["~/.ssh/id_rsa", /home folder/],
    ["../secret.txt", /leads out of the playbook's folder/],
    ["prompts/../../secret.txt", /leads out of the playbook's folder/],
    ["prompts/link-out.md", /leads out of the playbook's folder \(to .*secret\.txt\)/],
    ["prompts/pipe.md", /not a regular file/],
    ["prompts", /not a regular file/],
  ])("%s is refused with PB017 at its line, unread", async (include, why) => {
    const { code, out } = await validate(include);
    expect(code).toBe(1);
    expect(out.diagnostics.map((d) => `${d.code}@${d.line}`)).toEqual(["PB017@7"]);
    expect(out.diagnostics[0]!.message).toMatch(why);
    expect(out.diagnostics[0]!.message).toContain(`!include "${include}" is refused`);
    expect(JSON.stringify(out)).not.toContain("TOP SECRET");
  });

  it("a file below the folder, directly or through a symlink that stays inside, is read", async () => {
    for (const include of ["prompts/approve.md", "./prompts/../prompts/approve.md", "link-in.md"])
      expect((await validate(include)).code, include).toBe(0);
  });
});
