/**
 * The executor catalog shipped with the app. A user catalog (WF_CATALOG or `<data dir>/catalog.yaml`,
 * see server/catalog/README.md) is merged over it entry by entry. Agent recipes use the default
 * provider; shell recipes assume an npm project and are meant to be overridden.
 */
import type { ExecutorCatalog } from "./executor-catalog-schema";

const agent = (prompt: string) => ({ kind: "agent" as const, prompt });

export const DEFAULT_EXECUTOR_CATALOG: ExecutorCatalog = {
  version: 1,
  entries: {
    analyze: {
      description: "Investigate code, logs or a problem and report findings",
      recipe: agent("Analyze the following and write your findings to ANALYSIS.md, then print them.\n\n{args}"),
      match: {
        type_hints: ["analysis"],
        keywords: [
          "analyze",
          "analyse",
          "analysis",
          "investigate",
          "research",
          "explore",
          "reproduce",
          "triage",
          "inspect",
          "audit",
          "diagnose",
          "logs",
          "root cause",
        ],
      },
      input_ports: ["requirement"],
      output_ports: ["analysis"],
      artifact: true,
      phase: "analysis",
    },
    brainstorm: {
      description: "Generate and compare ideas",
      recipe: agent("Brainstorm options for the following; list them with pros and cons.\n\n{args}"),
      match: { type_hints: [], keywords: ["brainstorm", "ideas", "ideate", "options"] },
      output_ports: ["ideas"],
      artifact: true,
      phase: "analysis",
    },
    plan: {
      description: "Write an implementation plan",
      recipe: agent("Write an implementation plan (steps, files to touch, risks) to PLAN.md, then print it.\n\n{args}"),
      match: {
        type_hints: ["planning"],
        keywords: ["plan", "design", "outline", "roadmap", "architecture", "estimate", "break down"],
      },
      input_ports: ["requirement"],
      output_ports: ["plan"],
      artifact: true,
      phase: "planning",
    },
    spec: {
      description: "Write a specification",
      recipe: agent("Write a specification (requirements, acceptance criteria) to SPEC.md, then print it.\n\n{args}"),
      match: { type_hints: [], keywords: ["spec", "specification", "requirements", "prd", "acceptance criteria"] },
      output_ports: ["spec"],
      artifact: true,
      phase: "planning",
    },
    implement: {
      description: "Write the code",
      recipe: agent("Implement the following in the working folder; summarise what you changed.\n\n{args}"),
      match: {
        type_hints: ["execution"],
        keywords: ["implement", "build", "code", "develop", "add", "create", "feature", "scaffold"],
      },
      input_ports: ["plan"],
      output_ports: ["code"],
      phase: "execution",
    },
    fix: {
      description: "Fix a bug",
      recipe: agent("Fix the following problem in the working folder; explain the cause and the fix.\n\n{args}"),
      match: { type_hints: [], keywords: ["fix", "patch", "repair", "resolve", "debug", "bug"] },
      input_ports: ["analysis"],
      output_ports: ["code"],
      phase: "execution",
    },
    refactor: {
      description: "Restructure code without changing behaviour",
      recipe: agent("Refactor the following without changing behaviour; summarise what you changed.\n\n{args}"),
      match: { type_hints: [], keywords: ["refactor", "clean up", "restructure", "simplify", "rename"] },
      output_ports: ["code"],
      phase: "execution",
    },
    test: {
      description: "Run the test suite",
      recipe: { kind: "shell", command: "npm test" },
      match: { type_hints: ["testing"], keywords: ["test", "tests", "testing", "verify", "validate", "coverage"] },
      input_ports: ["code"],
      output_ports: ["test-results"],
      phase: "testing",
    },
    lint: {
      description: "Run the linters and type checks",
      recipe: { kind: "shell", command: "npm run lint" },
      match: { type_hints: [], keywords: ["lint", "linter", "linters", "typecheck", "type-check", "format"] },
      output_ports: ["lint-results"],
      phase: "testing",
    },
    review: {
      description: "Review changes and write a review report",
      recipe: agent("Review the following; list problems by severity and write them to REVIEW.md.\n\n{args}"),
      match: { type_hints: ["review"], keywords: ["review", "critique", "proofread", "pull request"] },
      input_ports: ["code"],
      output_ports: ["review-report"],
      artifact: true,
      phase: "review",
    },
    docs: {
      description: "Write or update documentation",
      recipe: agent("Write or update the documentation for the following; list the files you changed.\n\n{args}"),
      match: {
        type_hints: [],
        keywords: ["docs", "documentation", "document", "readme", "changelog", "guide", "release notes", "notes"],
      },
      output_ports: ["docs"],
      phase: "documentation",
    },
    summarize: {
      description: "Summarise results into a report",
      recipe: agent("Summarise the following into a short report.\n\n{args}"),
      match: { type_hints: [], keywords: ["summarize", "summarise", "summary", "report", "findings"] },
      output_ports: ["report"],
      artifact: true,
      phase: "reporting",
    },
    deploy: {
      description: "Deploy or release",
      recipe: { kind: "shell", command: "npm run deploy" },
      match: { type_hints: ["cli"], keywords: ["deploy", "release", "publish", "ship", "staging", "production"] },
      input_ports: ["code"],
      output_ports: ["deployment"],
      phase: "delivery",
    },
    notify: {
      description: "Send a message to a webhook (Slack, Teams, a chat bot)",
      recipe: {
        kind: "http",
        method: "POST",
        url: "{webhook_url}",
        headers: { "content-type": "application/json" },
        body: '{"text": "{args}"}',
      },
      match: { type_hints: [], keywords: ["notify", "announce", "email", "slack", "message", "send", "post"] },
      output_ports: ["notification"],
      phase: "delivery",
      variables: {
        webhook_url: { type: "string", required: true, description: "Webhook URL that receives the message" },
      },
    },
    general: {
      description: "Any other task, done by the default agent",
      recipe: agent("{args}"),
      match: { type_hints: ["agent"], keywords: [] },
      fallback: true,
    },
  },
};
