import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { referenceLookup } from "@/lib/workflow/references";
import { substituteShell } from "./substitute-shell";

/** What /bin/sh prints for a command line (printf %s, so the value comes back byte for byte). */
const sh = (commandLine: string) => execFileSync("/bin/sh", ["-c", commandLine], { encoding: "utf8" });

describe("substituteShell", () => {
  it("any value reads back literally, unquoted, in double quotes, in single quotes and mid-word", () => {
    const value = fc.string({
      unit: fc.constantFrom("'", '"', "$", "`", "\\", "(", ")", ";", " ", "\n", "a", "*", "{"),
    });
    fc.assert(
      fc.property(value, (x) => {
        const lookup = referenceLookup({ vars: { x } });
        expect(sh(substituteShell("printf %s {x}", lookup))).toBe(x);
        expect(sh(substituteShell('printf %s "<{x}>"', lookup))).toBe(`<${x}>`);
        expect(sh(substituteShell("printf %s '<{x}>'", lookup))).toBe(`<${x}>`);
        expect(sh(substituteShell("printf %s a{x}b", lookup))).toBe(`a${x}b`);
      }),
      { numRuns: 40 },
    );
  });

  it('quote state follows escapes in the template: \\" does not open a string', () => {
    const lookup = referenceLookup({ vars: { x: "$(echo hi)" } });
    expect(sh(substituteShell('printf %s \\"{x}\\"', lookup))).toBe('"$(echo hi)"');
    expect(sh(substituteShell(`printf %s "it's {x}"`, lookup))).toBe("it's $(echo hi)");
  });

  it("leaves an unresolved reference as written", () => {
    expect(substituteShell("echo {missing} {x}", referenceLookup({ vars: { x: "a b" } }))).toBe("echo {missing} 'a b'");
  });
});
