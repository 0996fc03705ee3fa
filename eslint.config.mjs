// Lint rules, and the import-boundary table of docs/architecture/boundaries.md (a violation fails `npm test`).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const IO_PACKAGES = [
  "react",
  "react-dom",
  "next",
  "better-sqlite3",
  "drizzle-orm",
  "node:child_process",
  "child_process",
  "node:fs",
  "fs",
  "node:fs/promises",
  "fs/promises",
  "zustand",
  "@trpc/server",
  "@trpc/client",
];

/** Files that only tests run: they may import test-support folders; nothing else may. */
const TEST_FILES = ["**/*.test.ts", "**/*.test.tsx", "**/test-support/**", "e2e/**", "scripts/**"];
const TEST_SUPPORT = {
  regex: "(^|/)test-support(/|$)",
  message: "Only tests may import test-support code (docs/architecture/boundaries.md).",
};

/**
 * One boundary: files matching `files` may not import the listed folders or packages, and (outside tests)
 * no test-support folder. Two config objects: the second, for production files only, wins over the first.
 */
function boundary(files, folders, packages = [], allowTypeImports = false) {
  const rule = (extra) => ({
    "no-restricted-imports": [
      "error",
      {
        paths: packages.map((name) => ({
          name,
          message: `${files[0]} may not import ${name} (docs/architecture/boundaries.md)`,
        })),
        patterns: [
          {
            regex: "^\\.\\./",
            message: "Import across folders with the @/ alias so the boundary rules can see it.",
          },
          ...(folders.length
            ? [
                {
                  regex: `^@/(${folders.join("|")})(/|$)`,
                  message: `${files[0]} may not import this folder (docs/architecture/boundaries.md).`,
                  allowTypeImports,
                },
              ]
            : []),
          ...extra,
        ],
      },
    ],
  });
  return [
    { files, rules: rule([]) },
    { files, ignores: TEST_FILES, rules: rule([TEST_SUPPORT]) },
  ];
}

const OUTSIDE_LIB_WORKFLOW = [
  "lib/formats",
  "lib/describe",
  "lib/canvas",
  "lib/stores",
  "lib/trpc",
  "lib/access",
  "lib/triggers",
  "server",
  "components",
  "app",
];
/** lib/workflow's concept folders, each with the folders it may use (a DAG: no folder cycle). */
const WORKFLOW_FOLDERS = {
  model: ["slices"],
  slices: [],
  versions: ["model", "slices"],
  graph: ["model", "slices"],
  shell: ["model"],
  validate: ["model", "graph", "shell", "slices"],
  edit: ["model", "graph", "validate"],
  checkpoints: ["model", "graph", "edit", "validate"],
  run: ["model", "graph", "validate", "slices"],
  simulate: ["model", "graph", "validate", "run"],
  compare: ["model", "run"],
  "test-support": ["model", "graph", "validate", "run"],
};
const workflowBoundaries = Object.entries(WORKFLOW_FOLDERS).flatMap(([name, allowed]) =>
  boundary(
    [`lib/workflow/${name}/**`],
    [
      ...OUTSIDE_LIB_WORKFLOW,
      ...Object.keys(WORKFLOW_FOLDERS)
        .filter((f) => f !== name && f !== "test-support" && !allowed.includes(f))
        .map((f) => `lib/workflow/${f}`),
    ],
    IO_PACKAGES,
  ),
);
/** React and Node built-ins stay out of the client stores and the tRPC client helpers. */
const NO_REACT_OR_NODE = [
  "react",
  "react-dom",
  "next",
  ...["fs", "fs/promises", "path", "os", "child_process", "crypto", "http", "net", "url", "stream", "util"].flatMap(
    (m) => [m, `node:${m}`],
  ),
];

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".next/",
      "data/",
      "drizzle/",
      "next-env.d.ts",
      "test-results/",
      "playwright-report/",
      "dist/",
      "**/*.mjs",
      "**/*.cjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
      "no-eval": "error",
      "no-new-func": "error",
      "no-implied-eval": "error",
      // `import * as z from "zod"`, not `import { z }`: esbuild can then leave out of the CLI's bundles the parts
      // of zod no schema calls (the `z` object holds all of it; measured: 17 ms of every `wf validate`).
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z']",
          message: 'Write `import * as z from "zod"` so bundles can drop the parts of zod nobody calls.',
        },
      ],
    },
  },
  {
    files: ["components/**/*.tsx", "app/**/*.tsx", "lib/stores/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  ...workflowBoundaries,
  boundary(
    ["lib/formats/**"],
    ["lib/describe", "lib/canvas", "lib/stores", "lib/trpc", "server", "components", "app"],
    IO_PACKAGES,
  ),
  boundary(
    ["lib/describe/**"],
    ["lib/formats", "lib/canvas", "lib/stores", "lib/trpc", "server", "components", "app"],
    IO_PACKAGES,
  ),
  boundary(
    ["lib/canvas/**"],
    ["lib/formats", "lib/describe", "lib/stores", "lib/trpc", "server", "components", "app"],
    IO_PACKAGES,
  ),
  boundary(["lib/stores/**", "lib/trpc/**"], ["server", "components", "app"], NO_REACT_OR_NODE, true),
  boundary(["components/**"], ["server", "app"]),
  // Route handlers and server components reach the server only through its API (router, caller).
  boundary(["app/**"], ["server/db", "server/engine", "server/cli"]),
  boundary(["server/api/**"], ["components", "app", "server/cli"]),
  boundary(
    ["server/engine/**"],
    ["server/api", "server/cli", "server/runtime", "server/triggers", "components", "app"],
  ),
  boundary(
    ["server/db/**"],
    [
      "lib/formats",
      "lib/describe",
      "lib/canvas",
      "lib/stores",
      "lib/trpc",
      "server/api",
      "server/engine",
      "server/cli",
      "server/runtime",
      "server/triggers",
      "components",
      "app",
    ],
  ),
  boundary(["server/cli/**"], ["components", "app"]),
  // Roles and sign-in paths are pure: the server's access check and the UI share them.
  boundary(
    ["lib/access/**"],
    ["lib/formats", "lib/describe", "lib/canvas", "lib/stores", "lib/trpc", "server", "components", "app"],
    IO_PACKAGES,
  ),
  // Trigger rules are pure (fire times, misfire and overlap, mapping, signatures): the model's types only.
  boundary(
    ["lib/triggers/**"],
    [
      "lib/formats",
      "lib/describe",
      "lib/canvas",
      "lib/stores",
      "lib/trpc",
      "lib/access",
      "server",
      "components",
      "app",
    ],
    IO_PACKAGES,
  ),
  // The scheduler and webhooks start runs through the engine; the API and the routes call them, never back.
  boundary(["server/triggers/**"], ["server/api", "server/cli", "server/runtime", "components", "app"]),
  // Accounts and secrets sit under the API and the engine, never the other way round.
  boundary(["server/auth/**"], ["server/api", "server/engine", "server/cli", "server/runtime", "components", "app"]),
  boundary(["server/secrets/**"], ["server/api", "server/engine", "server/auth", "server/cli", "components", "app"]),
  // Executor catalog and agent providers: below the engine and the API, beside each other without a loop.
  boundary(
    ["server/catalog/**"],
    ["server/api", "server/engine", "server/auth", "server/cli", "server/providers", "components", "app"],
  ),
  boundary(["server/providers/**"], ["server/api", "server/engine", "server/auth", "server/cli", "components", "app"]),
  // The configuration and the timers sit below everything on the server; the composition root above all
  // but the API and the CLI, which call it (entry points read its one holder).
  boundary(
    ["server/config/**", "server/timers/**"],
    [
      "server/api",
      "server/engine",
      "server/auth",
      "server/cli",
      "server/db",
      "server/secrets",
      "server/providers",
      "server/sandbox",
      "server/catalog",
      "server/runtime",
      "components",
      "app",
    ],
  ),
  boundary(["server/runtime/**"], ["server/api", "server/cli", "components", "app"]),
  // How node processes start (bubblewrap, the spawner helpers): used by the engine and the providers, uses neither.
  boundary(
    ["server/sandbox/**"],
    [
      "server/api",
      "server/engine",
      "server/providers",
      "server/cli",
      "server/db",
      "server/auth",
      "server/secrets",
      "server/catalog",
      "server/runtime",
      "components",
      "app",
    ],
  ),
  // Test support may use anything on the server side, never the UI.
  boundary(["server/test-support/**"], ["components", "app"]),
);
