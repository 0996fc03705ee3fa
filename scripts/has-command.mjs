// Whether a command is on the PATH (the ensure-* scripts decide what to install with it).
import { execSync } from "node:child_process";

export function hasCommand(cmd) {
  try {
    execSync(`command -v ${cmd}`, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
