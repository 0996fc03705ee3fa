// The lean spawner: a small Node process that starts shell commands for the engine, because
// fork+exec from a large process (the Next server) is several times slower than from a small one.
// Protocol, one JSON object per line. In: {op:"spawn", id, command, shell?, cwd, env, stdin?}.
// Out: {id, ev:"spawned", pid} | {id, ev:"data", stream, b64} | {id, ev:"exit", code, signal} | {id, ev:"error", message}.
// The engine kills process groups itself (it knows the pid); stdin EOF ends this process.
import { spawn } from "node:child_process";
import readline from "node:readline";

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
  let child;
  try {
    child = spawn(req.shell ?? "/bin/sh", ["-c", req.command], {
      cwd: req.cwd,
      env: req.env,
      detached: true,
      stdio: [req.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
  } catch (err) {
    send({ id, ev: "error", message: String(err && err.message) });
    return;
  }
  if (child.pid !== undefined) send({ id, ev: "spawned", pid: child.pid });
  for (const stream of ["stdout", "stderr"]) {
    child[stream].on("data", (buf) => send({ id, ev: "data", stream, b64: buf.toString("base64") }));
  }
  if (req.stdin !== undefined) child.stdin.end(req.stdin);
  child.on("error", (err) => send({ id, ev: "error", message: String(err.message) }));
  child.on("close", (code, signal) => send({ id, ev: "exit", code, signal }));
});
process.stdin.on("end", () => process.exit(0));
