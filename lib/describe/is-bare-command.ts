/**
 * A command line written without backticks ("npm run lint", "git push", "docker compose up"): a tool's
 * name, then one of its subcommands (case as written). Read as two words looked up in sets: one
 * pattern listing every tool and subcommand cost a fresh `wf` ~0.8 ms to compile.
 */
const TOOLS: ReadonlySet<string> = new Set(
  (
    "npm npx pnpm yarn bun deno node cargo go make git gh docker podman kubectl helm terraform tofu python python3 " +
    "pip uv poetry pytest tox gradle mvn dotnet bundle rake mix composer php ruby swift"
  ).split(" "),
);
const SUBCOMMANDS: ReadonlySet<string> = new Set(
  (
    "run test ci install i lint build publish push pull compose apply plan init fmt vet exec up deploy check clippy " +
    "release start format commit tag merge rebase fetch clone pr -m"
  ).split(" "),
);
/** The tool (a run of lower-case letters and digits, then white space) and the word after it (a run of word characters, or `-m`). */
const HEAD = /^([a-z0-9]+)\s+(-?\w+)/;

/** True when `text` (trimmed) starts with a known tool and one of its subcommands as a whole word. */
export function isBareCommand(text: string): boolean {
  const m = HEAD.exec(text);
  return !!m && TOOLS.has(m[1]) && SUBCOMMANDS.has(m[2]);
}
