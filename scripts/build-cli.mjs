#!/usr/bin/env node
/**
 * Builds the `wf` CLI into JavaScript once (esbuild): `server/cli/main.ts` (commander and the subcommands'
 * definitions) and one bundle per subcommand, loaded only when that subcommand runs.
 * Runs at `npm install` (postinstall) and whenever `scripts/wf.cjs` finds the bundle older than a source.
 *
 * Layout: `dist/cli/<build>/<entry>.cjs`, and `dist/cli/manifest.json` naming the current build, when it
 * started and its inputs. A build is written to its own folder and the manifest is replaced by a rename,
 * so a `wf` process started during a rebuild loads either the old build or the new one, never half of one.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { writeManifest } from "./cli-manifest.cjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Packages that must never reach the CLI's path (docs/decisions/019-cli-esbuild-bundles.md: the CLI stays small). */
const FORBIDDEN = /(^|\/)node_modules\/(mermaid|react|react-dom|next|@xyflow|@trpc|@tanstack|zustand)\//;
/** The PostgreSQL driver, allowed only in the bundles of the commands that use PostgreSQL (`PG_BUNDLES`). */
const POSTGRES_DRIVER = /(^|\/)node_modules\/pg(-[a-z]+)?\//;
/** `wf migrate` and `wf serve` with WF_DATABASE_URL, `wf worker` (the job queue and the driver load only for them). */
const PG_BUNDLES = ["migrate-command.cjs", "worker-command.cjs", "serve-command.cjs"];
/**
 * One bundle per entry. The subcommands are loaded only when they run, commander (`program`) only when a line
 * needs it; `cli-io` and `exit-codes` are shared by all (one EPIPE handler, one CliError class for
 * `instanceof`), so every other bundle requires them.
 */
const ENTRIES = {
  main: "server/cli/main.ts",
  program: "server/cli/program.ts",
  "cli-io": "server/cli/io/cli-io.ts",
  "exit-codes": "server/cli/io/exit-codes.ts",
  "validate-command": "server/cli/commands/validate-command.ts",
  "convert-command": "server/cli/commands/convert-command.ts",
  "describe-command": "server/cli/commands/describe-command.ts",
  "run-command": "server/cli/commands/run-command.ts",
  "serve-command": "server/cli/commands/serve-command.ts",
  // The only bundles with the PostgreSQL driver (pg): `wf migrate` with WF_DATABASE_URL, and `wf worker`.
  "migrate-command": "server/cli/commands/migrate-command.ts",
  "worker-command": "server/cli/commands/worker-command.ts",
  // Workflow nodes' children (files, the library): its own bundle, so `wf validate` loads the database stack
  // only for a template that calls another.
  "cli-child-templates": "server/cli/commands/cli-child-templates.ts",
};
/**
 * Packages most commands never call, each built as its own bundle (`<name>.cjs`) and required the first time
 * one of its exports is used: loading a bundle costs a start its read, its code cache and its top level,
 * whether or not the command needs it. A `wf validate` of a template JSON needs none of these (measured:
 * re2js's top level alone builds Unicode tables for ~9 ms; yaml reads playbooks, Mermaid front matter and
 * writes YAML; mvdan-sh, a GopherJS build, takes ~100 ms to initialise and only shell commands need it).
 */
const ON_FIRST_USE = {
  "mvdan-sh": {
    // Our one caller reads `sh.syntax` at import and calls `syntax.X(…)` when it parses, so `syntax` is a
    // proxy whose properties come from the real package.
    standIn: [
      'const load = () => require("./mvdan-sh.cjs");',
      "const syntax = new Proxy({}, { get: (_, key) => load().syntax[key] });",
      'export default new Proxy({}, { get: (_, key) => (key === "syntax" ? syntax : load()[key]) });',
    ].join("\n"),
  },
  re2js: {},
  yaml: {},
};

/** The package's entry file, as `require` resolves it from the app (undefined when it is not installed). */
function packageEntry(root, name) {
  try {
    return createRequire(path.join(root, "package.json")).resolve(name);
  } catch {
    return undefined;
  }
}

/**
 * Each ON_FIRST_USE import becomes a stand-in module whose exports are getters that require the package's own
 * bundle when first read (its export names are read from the package at build time), so importing it costs
 * nothing and every use behaves as the package itself.
 */
function packagesOnFirstUse(root) {
  const names = Object.keys(ON_FIRST_USE).join("|");
  return {
    name: "packages-on-first-use",
    setup(build) {
      build.onResolve({ filter: new RegExp(`^(${names})$`) }, (args) =>
        args.kind === "entry-point" ? undefined : { path: args.path, namespace: "on-first-use" },
      );
      build.onLoad({ filter: /.*/, namespace: "on-first-use" }, (args) => {
        const { standIn } = ON_FIRST_USE[args.path];
        if (standIn) return { contents: standIn };
        const real = createRequire(path.join(root, "package.json"))(args.path);
        const lines = [`let real;`, `const load = () => (real ??= require("./${args.path}.cjs"));`];
        for (const key of Object.keys(real))
          lines.push(
            `Object.defineProperty(exports, ${JSON.stringify(key)}, { enumerable: true, get: () => load()[${JSON.stringify(key)}] });`,
          );
        return { contents: lines.join("\n"), loader: "js" };
      });
    },
  };
}
/**
 * commander requires `node:child_process` when it loads (Node then loads net and streams too), only to start
 * executable subcommands, which `wf` has none of: in the bundle commander gets it on first use.
 */
const childProcessOnFirstUseInCommander = {
  name: "child-process-on-first-use-in-commander",
  setup(build) {
    build.onResolve({ filter: /^node:child_process$/ }, (args) =>
      /node_modules[\\/]commander[\\/]/.test(args.importer)
        ? { path: "child_process", namespace: "lazy-child-process" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "lazy-child-process" }, () => ({
      contents: 'module.exports = new Proxy({}, { get: (_, key) => require("node:child_process")[key] });',
      loader: "js",
    }));
  },
};
/** How one bundle requires another (`./cli-io.cjs`, `./re2js.cjs`): a sibling file, left to `require`. */
const SIBLING_BUNDLE = /^\.\/[a-z0-9-]+\.cjs$/;
/** Besides the bundled sources, a change here makes the bundle stale (tsconfig paths, dependency versions). */
const EXTRA_INPUTS = [
  "tsconfig.json",
  "package-lock.json",
  "scripts/build-cli.mjs",
  "scripts/cli-manifest.cjs",
  "scripts/warm-cli-caches.cjs",
];
/** Old builds are removed once this old: a `wf` process that read the old manifest loads its bundles within ms. */
const KEEP_OLD_BUILDS_MS = 10 * 60 * 1000;

/**
 * An import of another entry becomes a `require` of its bundle (`./<name>.cjs`, a sibling): a static import
 * at once, a dynamic `import()` when it runs (a tiny CommonJS module in between keeps it lazy).
 */
function entriesStayApart(root) {
  const nameOf = new Map(Object.entries(ENTRIES).map(([name, file]) => [path.join(root, file), name]));
  return {
    name: "entries-stay-apart",
    setup(build) {
      build.onResolve({ filter: /(cli-io|exit-codes|program|-command|cli-child-templates)$/ }, async (args) => {
        if (args.pluginData?.inner || args.kind === "entry-point") return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { inner: true },
        });
        const name = nameOf.get(resolved.path);
        if (!name) return resolved;
        if (args.kind === "dynamic-import") return { path: name, namespace: "lazy-entry" };
        return { path: `./${name}.cjs`, external: true };
      });
      build.onResolve({ filter: SIBLING_BUNDLE }, (args) => ({ path: args.path, external: true }));
      build.onLoad({ filter: /.*/, namespace: "lazy-entry" }, (args) => ({
        contents: `module.exports = require("./${args.path}.cjs");`,
        loader: "js",
      }));
    },
  };
}

/**
 * zod's `z` namespace carries every locale (~360 KB, half of zod): the CLI keeps English, the default and
 * all our code uses — so `z.locales` holds `en` only (the differential test compares every message).
 */
const englishOnlyZodLocales = {
  name: "english-only-zod-locales",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /node_modules[\\/]zod[\\/]/.test(args.importer) ? { path: args.importer, namespace: "zod-locales" } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({
      contents: 'export { default as en } from "../locales/en.js";',
      resolveDir: path.dirname(args.path),
    }));
  },
};

/** The ON_FIRST_USE packages' own bundles; a package no longer installed (a later change may drop it) has none. */
function firstUseEntries(root) {
  return Object.fromEntries(
    Object.keys(ON_FIRST_USE)
      .map((name) => [name, packageEntry(root, name)])
      .filter(([, file]) => file),
  );
}

/** Builds a new bundle, points the manifest at it, removes old builds; resolves to the entry file. */
export async function buildCli(root = ROOT) {
  const esbuild = await import("esbuild");
  const startedAt = Date.now();
  const build = `b${startedAt}-${process.pid}`;
  const outdir = path.join(root, "dist", "cli", build);
  const result = await esbuild
    .build({
      absWorkingDir: root,
      entryPoints: { ...ENTRIES, ...firstUseEntries(root) },
      outdir,
      bundle: true,
      // CommonJS, so scripts/require-with-code-cache.cjs can hand V8 a code cache (Node 20 has none for ESM).
      format: "cjs",
      platform: "node",
      target: "node20",
      tsconfig: path.join(root, "tsconfig.json"),
      outExtension: { ".js": ".cjs" },
      // Native addon: a plain `require` from node_modules.
      external: ["better-sqlite3"],
      // Half the bytes to read and deserialize at each start (~10% of `wf validate`'s CPU time, measured).
      // Names are minified too (keeping them cost ~2 ms of each `wf validate`): no code reads a function's or
      // class's `.name` (every error class sets its own) and the CLI never prints a stack trace.
      minify: true,
      // `import.meta.url` is empty in the bundle; the one user (the spawner helper's path) falls back to the app root.
      logOverride: { "empty-import-meta": "silent" },
      plugins: [
        entriesStayApart(root),
        englishOnlyZodLocales,
        packagesOnFirstUse(root),
        childProcessOnFirstUseInCommander,
      ],
      metafile: true,
      logLevel: "silent",
    })
    .catch((err) => {
      fs.rmSync(outdir, { recursive: true, force: true });
      throw err;
    });
  const inputs = Object.keys(result.metafile.inputs);
  const forbidden = inputs.filter((f) => FORBIDDEN.test(f));
  if (forbidden.length) {
    fs.rmSync(outdir, { recursive: true, force: true });
    throw new Error(`the CLI bundle must not include ${forbidden.join(", ")}`);
  }
  const withDriver = Object.entries(result.metafile.outputs)
    .filter(
      ([file, output]) =>
        !PG_BUNDLES.includes(path.basename(file)) && Object.keys(output.inputs).some((f) => POSTGRES_DRIVER.test(f)),
    )
    .map(([file]) => path.basename(file));
  if (withDriver.length) {
    fs.rmSync(outdir, { recursive: true, force: true });
    throw new Error(`only ${PG_BUNDLES.join(" and ")} may include the PostgreSQL driver, not ${withDriver.join(", ")}`);
  }
  await warmCodeCaches(root, outdir);
  writeManifest(root, {
    build,
    startedAt,
    inputs: [...sourceFiles(inputs), ...EXTRA_INPUTS].sort(),
    commands: inputsByCommand(result.metafile),
  });
  removeOldBuilds(root, build);
  return path.join(outdir, "main.cjs");
}

/** Bundled packages change only with the lockfile, an input: no need to stat node_modules. Plugin modules (`namespace:path`) are not files. */
function sourceFiles(inputs) {
  return inputs.filter((f) => !f.includes("node_modules/") && !f.includes(":"));
}

/**
 * For each subcommand, the sources of the bundles `wf <subcommand> …` can load: main, program, cli-io and
 * exit-codes, and the subcommand's bundle with every bundle it requires; under "" those of a line naming no
 * subcommand (help, a usage error). scripts/wf.cjs then checks ~90 files for staleness instead of ~180 (5 ms).
 */
function inputsByCommand(metafile) {
  const outputs = new Map(
    Object.entries(metafile.outputs).map(([file, output]) => [path.basename(file, ".cjs"), output]),
  );
  const base = ["main", "program", "cli-io", "exit-codes"];
  const closure = (name, seen) => {
    if (seen.has(name) || !outputs.has(name)) return seen;
    seen.add(name);
    for (const imported of outputs.get(name).imports)
      if (SIBLING_BUNDLE.test(imported.path)) closure(path.basename(imported.path, ".cjs"), seen);
    return seen;
  };
  const filesOf = (names) => {
    const files = [...names].flatMap((name) => Object.keys(outputs.get(name)?.inputs ?? {}));
    return [...new Set([...sourceFiles(files), ...EXTRA_INPUTS])].sort();
  };
  const commands = { "": filesOf(base) };
  for (const entry of Object.keys(ENTRIES).filter((e) => e.endsWith("-command")))
    commands[entry.slice(0, -"-command".length)] = filesOf(closure(entry, new Set(base)));
  return commands;
}

/** Code caches from one run of the common paths, written before the build is current (scripts/warm-cli-caches.cjs). */
function warmCodeCaches(root, outdir) {
  // Best effort: without caches the CLI still works, its first runs compile and write them.
  return new Promise((resolve) =>
    execFile(process.execPath, [path.join(root, "scripts/warm-cli-caches.cjs"), outdir], { cwd: root }, () =>
      resolve(),
    ),
  );
}

function removeOldBuilds(root, current) {
  const dir = path.join(root, "dist", "cli");
  for (const name of fs.readdirSync(dir)) {
    if (name === current || !name.startsWith("b")) continue;
    const stat = fs.statSync(path.join(dir, name), { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > KEEP_OLD_BUILDS_MS)
      fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

// `node scripts/build-cli.mjs [--if-possible]`: at install, a failed build only warns (wf falls back to tsx).
if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const t0 = Date.now();
  try {
    const entry = await buildCli();
    console.log(`wf: built the CLI in ${Date.now() - t0} ms → ${path.relative(ROOT, path.dirname(entry))}`);
  } catch (err) {
    console.error(
      `wf: could not build the CLI (${err instanceof Error ? err.message : err}); wf will run from the sources`,
    );
    if (!process.argv.includes("--if-possible")) process.exitCode = 1;
  }
}
