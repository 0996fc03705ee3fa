/** The variable-name denylist: families of switches in any letter case; ordinary words stay usable. */
import { describe, expect, it } from "vitest";
import { reservedEnvName } from "./node-environment";

const REFUSED = [
  // where programs connect: curl and wget read these in lower case
  ...["http_proxy", "https_proxy", "all_proxy", "no_proxy", "ftp_proxy", "HTTP_PROXY", "Https_Proxy", "rsync_proxy"],
  // package managers and build tools
  ...["npm_config_registry", "NPM_CONFIG_USERCONFIG", "Npm_Config_Script_Shell", "yarn_rc_filename", "PIP_INDEX_URL"],
  ...["pip_extra_index_url", "UV_INDEX_URL", "TAR_OPTIONS", "tar_options", "MAKEFLAGS", "makeflags", "MAKEFILES"],
  ...["RUSTC_WRAPPER", "rustc_wrapper", "RUSTFLAGS", "CARGO_HOME", "cargo_build_rustc", "CFLAGS", "LDFLAGS"],
  ...["GOFLAGS", "goproxy", "CGO_LDFLAGS", "DOCKER_HOST", "docker_config"],
  // runtimes: what they load at start
  ...["PYTHONPATH", "pythonstartup", "PYTHONBREAKPOINT", "PYTHONWARNINGS", "PERL5OPT", "perl5lib", "PERL5DB"],
  ...["RUBYOPT", "rubylib", "GEM_HOME", "gem_path", "BUNDLE_GEMFILE", "JAVA_TOOL_OPTIONS", "java_tool_options"],
  ...["_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "CLASSPATH", "MAVEN_OPTS", "node_options", "NODE_PATH", "LUA_INIT"],
  // git, the loader, TLS, config folders
  ...["GIT_SSH_COMMAND", "git_dir", "Git_Config_Global", "LD_PRELOAD", "ld_library_path", "DYLD_INSERT_LIBRARIES"],
  ...["GLIBC_TUNABLES", "SSL_CERT_FILE", "OPENSSL_CONF", "openssl_modules", "CURL_CA_BUNDLE", "XDG_CONFIG_HOME"],
  ...["SSH_AUTH_SOCK", "SSH_ASKPASS", "bash_env", "BASH_FUNC_x%%", "PROMPT_COMMAND", "ps4", "wf_run_id"],
  // upper-case shell names, as written
  ...["PATH", "HOME", "ENV", "IFS", "EDITOR", "PAGER", "LANGUAGE", "TMP", "CC"],
];

const FINE = ["topic", "env", "path", "user", "home", "language", "editor", "cc", "tmp", "node_count", "npm_token"];

describe("reservedEnvName", () => {
  it.each(REFUSED)("refuses %s, saying why", (name) => {
    expect(reservedEnvName(name)).toMatch(/inherited|reserved|would change/);
  });

  it("lets ordinary names through, lower-case twins of upper-case-only shell names included", () => {
    for (const name of FINE) expect(reservedEnvName(name), name).toBeUndefined();
    expect(reservedEnvName("http_proxy")).toContain("in any letter case");
  });
});
