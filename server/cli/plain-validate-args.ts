/**
 * `wf validate <file>`, `wf validate <file> --json` or `wf validate --json <file>`: the lines main() may run
 * without commander, because commander reads each of them one way only. Anything else (another option, a
 * second operand, a file name starting with "-", `--`) is left to commander and its usage errors.
 */
export function plainValidateArgs(argv: readonly string[]): { file: string; json: boolean } | undefined {
  const [command, ...rest] = argv.slice(2);
  if (command !== "validate" || rest.length === 0 || rest.length > 2) return undefined;
  const json = rest.length === 2;
  const operands = rest.filter((a) => a !== "--json");
  if (operands.length !== 1 || operands[0].startsWith("-") || operands[0] === "") return undefined;
  if (json && rest.filter((a) => a === "--json").length !== 1) return undefined;
  return { file: operands[0], json };
}
