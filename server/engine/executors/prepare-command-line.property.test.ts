import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { referenceLookup } from "@/lib/workflow/model/references";
import { commandFor, contextsFor, MARKER, outFile, TMP_MARKER } from "@/server/test-support/shell-contexts";
import { prepareCommandLine } from "./prepare-command-line";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-shell-prop-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs a context's command the way the engine does and returns what arrived. */
function run(shell: string, contextIndex: number, x: string): string {
  const c = contextsFor(shell)[contextIndex];
  const prepared = prepareCommandLine(
    { nodeId: "A", env: { ...process.env, HOME: dir }, lookup: referenceLookup({ vars: { x } }) },
    commandFor(c),
    "args_template",
  );
  if (!prepared.ok) throw new Error(prepared.error);
  try {
    const r = spawnSync(shell, ["-c", prepared.script], { cwd: dir, env: prepared.env, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${c.name} exited ${r.status}: ${r.stderr}`);
  } finally {
    prepared.cleanup();
  }
  const out = fs.readFileSync(path.join(dir, outFile(c)), "utf8");
  fs.rmSync(path.join(dir, outFile(c)));
  return out;
}

const hostileChar = fc.constantFrom(
  ..."'\"`$\\(){}[];&|<>*?~#!\n\t =%-_aZ09".split(""),
  "$(",
  "EOF",
  "\nEOF\n",
  "${IFS}",
  "é",
  "\u{1F600}",
  "touch PWNED",
  `; touch ${TMP_MARKER}`,
  "a[$(",
  ")]",
);

describe("values reach commands as data, in every quoting context, under sh and bash", () => {
  for (const shell of ["/bin/sh", "/bin/bash"]) {
    it(`${shell}: random values × random contexts arrive byte for byte, nothing injected`, () => {
      fc.assert(
        fc.property(
          fc.array(hostileChar, { maxLength: 24 }).map((a) => a.join("")),
          fc.nat(contextsFor(shell).length - 1),
          (x, k) => {
            expect(run(shell, k, x)).toBe(contextsFor(shell)[k].expect(x));
            expect(fs.existsSync(path.join(dir, MARKER))).toBe(false);
            expect(fs.existsSync(TMP_MARKER)).toBe(false);
          },
        ),
        { numRuns: 150, seed: 20261202 },
      );
    });
  }
});
