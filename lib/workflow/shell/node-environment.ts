/**
 * The environment a node's processes get (docs/engine.md, "A node's environment"): a short allowlist of host variables, the
 * run's declared variables under their own names, and the engine's `WF_*` variables. A variable may
 * not take a name that would replace an inherited one or switch how programs load, run or connect
 * (compared in any letter case, but for a few upper-case shell names whose lower-case forms are
 * ordinary words) — `reservedEnvName` says why a name is refused (validation WF092, and `startRun`).
 */

/** Host variables a child process may see; everything else comes from the run. */
export const ENV_ALLOWLIST = ["PATH", "HOME", "LANG", "LC_ALL", "TERM", "TMPDIR", "USER", "SHELL", "TZ"] as const;

/** A name a shell can export. */
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Upper-case names only shells and libc read, and only in upper case, whose lower-case forms are
 * everyday words (`env`, `language`, `editor`, `cc`…): refused as written, never in lower case.
 */
const UPPER_CASE_ONLY = new Set([
  ...["ENV", "IFS", "CDPATH", "PWD", "OLDPWD", "SHLVL", "LOGNAME", "LANGUAGE", "TMP", "TEMP"],
  ...["EDITOR", "VISUAL", "PAGER", "BROWSER", "CC", "CXX", "CPP", "LD", "AR", "AS", "NM"],
]);

/**
 * Names that change how a shell, the loader, a runtime or a tool behaves, what it loads or where it
 * connects — in any letter case: some programs read them in lower case (`http_proxy`,
 * `npm_config_*`), and a lower-case twin is no reason to let one through.
 */
const SWITCHES = new Set([
  // shells
  ...["BASH_ENV", "GLOBIGNORE", "SHELLOPTS", "BASHOPTS", "PS1", "PS2", "PS3", "PS4", "PROMPT_COMMAND"],
  ...["HISTFILE", "INPUTRC", "POSIXLY_CORRECT", "ZDOTDIR", "FPATH", "TERMINFO", "TERMINFO_DIRS"],
  // loader, libc, resolver, TLS
  ...["GCONV_PATH", "GLIBC_TUNABLES", "HOSTALIASES", "LOCPATH", "NLSPATH", "RESOLV_HOST_CONF", "RES_OPTIONS"],
  ...["LOCALDOMAIN", "SSLKEYLOGFILE", "REQUESTS_CA_BUNDLE", "WGETRC", "GNUPGHOME", "KUBECONFIG"],
  // node and the JVM
  ...["NODE_OPTIONS", "NODE_PATH", "NODE_EXTRA_CA_CERTS", "NODE_TLS_REJECT_UNAUTHORIZED", "NODE_ICU_DATA"],
  ...["NODE_REPL_EXTERNAL_MODULE", "CLASSPATH", "SBT_OPTS", "ANT_OPTS"],
  // build tools, archivers, pagers, password prompts, other runtimes
  ...["TAR_OPTIONS", "MAKEFLAGS", "MFLAGS", "GNUMAKEFLAGS", "MAKEFILES", "MAKELEVEL", "CFLAGS", "CXXFLAGS"],
  ...["CPPFLAGS", "LDFLAGS", "PKG_CONFIG", "PKG_CONFIG_PATH", "LESSOPEN", "LESSCLOSE", "MANPAGER"],
  ...["SSH_ASKPASS", "SSH_ASKPASS_REQUIRE", "SSH_AUTH_SOCK", "SUDO_ASKPASS", "PHPRC", "PHP_INI_SCAN_DIR"],
  ...["TCLLIBPATH", "VIRTUAL_ENV"],
  // where docker and go connect, what they load
  ...["DOCKER_HOST", "DOCKER_CONFIG", "DOCKER_CERT_PATH", "DOCKER_TLS_VERIFY", "DOCKER_CONTEXT"],
  ...["GOFLAGS", "GOPROXY", "GOPRIVATE", "GONOPROXY", "GONOSUMDB", "GONOSUMCHECK", "GOINSECURE", "GOSUMDB"],
  ...["GOTOOLCHAIN", "GOPATH", "GOROOT", "GOENV", "GOBIN", "GOEXPERIMENT", "GOCACHE", "GOMODCACHE"],
]);

/** Families by prefix (any case): loaders, locales, git, package managers and language runtimes. */
const PREFIXES = [
  ...["LD_", "DYLD_", "LC_", "MALLOC_", "BASH_FUNC_", "GIT_", "SSL_", "OPENSSL_", "CURL_", "XDG_"],
  ...["NPM_CONFIG_", "YARN_", "PNPM_", "COREPACK_", "BUN_", "DENO_", "PIP_", "PIPX_", "UV_", "POETRY_", "PIPENV_"],
  ...["CONDA_", "PYTHON", "PERL", "RUBY", "GEM_", "BUNDLE_", "CARGO", "RUST", "JAVA_", "_JAVA_", "JDK_"],
  ...["MAVEN_", "GRADLE_", "CGO_", "LUA_"],
];
/** `http_proxy`, `HTTPS_PROXY`, `all_proxy`, `no_proxy`, `ftp_proxy`, `rsync_proxy`…: where programs connect. */
const SUFFIXES = ["_PROXY"];

/** Why `name` cannot be a run variable's name, or undefined when it can. */
export function reservedEnvName(name: string): string | undefined {
  const upper = name.toUpperCase();
  if ((ENV_ALLOWLIST as readonly string[]).includes(name)) return "is inherited from the host's environment";
  if (upper.startsWith("WF_")) return "is reserved for the engine's own variables (WF_*, in any case)";
  if (UPPER_CASE_ONLY.has(name)) return "would change how the shell or a tool it starts behaves";
  if (SWITCHES.has(upper) || PREFIXES.some((p) => upper.startsWith(p)) || SUFFIXES.some((x) => upper.endsWith(x)))
    return "would change how the shell, the loader, a runtime or a tool behaves, what it loads or where it connects (such names are refused in any letter case)";
  return undefined;
}
