// The lean spawner: a small Node process that starts node processes for the engine, because
// fork+exec from a large process (the Next server) is several times slower than from a small one.
// It starts with the allowlisted environment only, so nothing it holds is a secret.
// Protocol, one JSON object per line. In: {op:"spawn", id, argv, cwd, env, stdin?, sandbox?} (a job of
// job-runner.mjs). Out: {id, ev:"spawned", pid} | {id, ev:"data", stream, b64} | {id, ev:"exit", code, signal}
// | {id, ev:"error", message}. The engine kills process groups itself (it knows the pid); stdin EOF ends
// this process, and with it every sandbox it started (bwrap --die-with-parent).
import readline from "node:readline";
import { createJobRunner } from "./job-runner.mjs";

const runner = createJobRunner();
const send = (msg) => process.stdout.write(JSON.stringify(msg) + "\n");

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  let req;
  try {
    req = JSON.parse(line);
  } catch {
    return;
  }
  if (req.op !== "spawn") return;
  const { id } = req;
  runner.run(req, (e) =>
    send(e.ev === "data" ? { id, ev: "data", stream: e.stream, b64: e.buf.toString("base64") } : { id, ...e }),
  );
});
process.stdin.on("end", () => process.exit(0));
// The engine's process is gone (SIGKILL): nobody reads what this one writes any more; end quietly, like EOF.
process.stdout.on("error", () => process.exit(0));
