// Makes sure the tests have bubblewrap, which node processes run in (docs/sandbox.md): Debian's
// `bubblewrap` package, installed with apt-get where that exists and we are root. Elsewhere it says
// how to install it; the tests that need bwrap then skip and the rest run bare.
import { execSync } from "node:child_process";
import { hasCommand } from "./has-command.mjs";

if (hasCommand("bwrap")) process.exit(0);
if (hasCommand("apt-get") && process.getuid?.() === 0) {
  console.log("ensure-sandbox: installing Debian's bubblewrap…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap >/dev/null", {
    stdio: "inherit",
  });
  if (hasCommand("bwrap")) process.exit(0);
}
console.log(
  "ensure-sandbox: no bwrap; install bubblewrap (apt-get install bubblewrap, dnf install bubblewrap, " +
    "pacman -S bubblewrap) — until then node processes run bare and the sandbox tests are skipped",
);
