/**
 * The environment a node's processes get (docs/engine.md, "A node's environment"): a short allowlist of host variables, the
 * run's declared variables under their own names, and the engine's `WF_*` variables. A variable may
 * not take a name that would replace an inherited one or switch how programs load and run —
 * `reservedEnvName` says why a name is refused (validation WF092, and `startRun`).
 */

/** Host variables a child process may see; everything else comes from the run. */
export const ENV_ALLOWLIST = ["PATH", "HOME", "LANG", "LC_ALL", "TERM", "TMPDIR", "USER", "SHELL", "TZ"] as const;

/** A name a shell can export. */
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Names that change how shells, loaders and runtimes behave (environment names are case-sensitive). */
const SWITCHES = new Set([
  "ENV",
  "BASH_ENV",
  "IFS",
  "CDPATH",
  "GLOBIGNORE",
  "SHELLOPTS",
  "BASHOPTS",
  "PS1",
  "PS2",
  "PS4",
  "PROMPT_COMMAND",
  "HISTFILE",
  "INPUTRC",
  "LOGNAME",
  "PWD",
  "OLDPWD",
  "SHLVL",
  "POSIXLY_CORRECT",
  "NODE_OPTIONS",
  "NODE_PATH",
  "NODE_EXTRA_CA_CERTS",
  "NODE_TLS_REJECT_UNAUTHORIZED",
  "PYTHONPATH",
  "PYTHONSTARTUP",
  "PYTHONHOME",
  "PYTHONINSPECT",
  "PERL5LIB",
  "PERL5OPT",
  "PERLLIB",
  "RUBYOPT",
  "RUBYLIB",
  "JAVA_TOOL_OPTIONS",
  "_JAVA_OPTIONS",
  "JDK_JAVA_OPTIONS",
  "CLASSPATH",
  "GCONV_PATH",
  "HOSTALIASES",
  "LOCPATH",
  "NLSPATH",
  "RESOLV_HOST_CONF",
  "LANGUAGE",
  "TMP",
  "TEMP",
  "OPENSSL_CONF",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "CURL_CA_BUNDLE",
  "EDITOR",
  "VISUAL",
  "PAGER",
  "SSH_ASKPASS",
  "SUDO_ASKPASS",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "ALL_PROXY",
  "NO_PROXY",
  "FTP_PROXY",
]);
/** Prefixes of loader, locale, git and engine variables. */
const PREFIXES = ["LD_", "DYLD_", "LC_", "GIT_", "BASH_FUNC_", "MALLOC_", "NPM_CONFIG_", "WF_"];

/** Why `name` cannot be a run variable's name, or undefined when it can. */
export function reservedEnvName(name: string): string | undefined {
  if ((ENV_ALLOWLIST as readonly string[]).includes(name)) return "is inherited from the host's environment";
  if (name.startsWith("WF_")) return "is reserved for the engine's own variables (WF_*)";
  if (SWITCHES.has(name) || PREFIXES.some((p) => name.startsWith(p)))
    return "would change how the shell, the loader or a runtime behaves";
  return undefined;
}
