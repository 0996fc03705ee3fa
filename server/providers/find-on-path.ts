/** Where a program would be found (absolute or relative path as given, else the first PATH entry that has it). */
import fs from "node:fs";
import path from "node:path";

function executable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export function findOnPath(program: string, pathVar = process.env.PATH ?? ""): string | undefined {
  if (program.includes("/")) return executable(program) ? path.resolve(program) : undefined;
  for (const dir of pathVar.split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, program);
    if (executable(file)) return file;
  }
  return undefined;
}

/** Agent CLIs Settings offers when they are installed, with the command that asks them one prompt. */
const KNOWN_AGENT_CLIS: readonly { name: string; command: string[] }[] = [
  { name: "claude", command: ["claude", "-p"] },
  { name: "codex", command: ["codex", "exec"] },
  { name: "gemini", command: ["gemini", "-p"] },
  { name: "llm", command: ["llm"] },
  { name: "ollama", command: ["ollama", "run", "llama3"] },
  { name: "aider", command: ["aider", "--message-file", "/dev/stdin"] },
];

export function detectAgentClis(pathVar?: string): { name: string; command: string[] }[] {
  return KNOWN_AGENT_CLIS.filter((c) => findOnPath(c.command[0], pathVar)).map((c) => ({
    name: c.name,
    command: [...c.command],
  }));
}
