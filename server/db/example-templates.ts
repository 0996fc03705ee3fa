/**
 * The three examples seeded into an empty library so a new user sees something real and runnable
 * without any agent provider: every work node is a shell command in the run's workspace.
 */
import type { TemplateInput } from "@/lib/workflow/model/template-schema";

const featurePipeline: TemplateInput = {
  template_id: "wft-feature-pipeline-20261129",
  metadata: { task_type: "feature" },
  name: "Feature pipeline",
  description: "Plan a feature, pause so a person can review the plan, implement it, test it, summarise.",
  version: "1.0",
  tags: ["feature", "medium", "example"],
  context_schema: {
    goal: { type: "string", required: true, description: "The feature to build" },
  },
  phases: [{ name: "plan" }, { name: "build" }, { name: "verify" }],
  nodes: [
    {
      id: "N-001",
      name: "Plan the feature",
      type: "shell",
      executor: "sh",
      phase: "plan",
      args_template: "printf '# Plan\\n\\nGoal: %s\\n\\n1. Implement\\n2. Test\\n' {goal} > plan.md && cat plan.md",
      output_ports: ["plan"],
      checks: [{ type: "file_exists", path: "plan.md" }],
    },
    {
      id: "CP-01",
      name: "Checkpoint: Review the plan",
      type: "checkpoint",
      description: "The plan is written to plan.md; approve to start the implementation.",
      auto_continue: false,
      save_fields: ["output", "artifacts"],
    },
    {
      id: "N-002",
      name: "Implement",
      type: "shell",
      executor: "sh",
      phase: "build",
      args_template: "printf 'implemented: %s\\n' {goal} > implementation.txt && cat implementation.txt",
      output_ports: ["code"],
    },
    {
      id: "N-003",
      name: "Run the tests",
      type: "shell",
      executor: "sh",
      phase: "verify",
      args_template: "grep -q implemented implementation.txt && echo 'all tests passed'",
      on_fail: "retry",
      retries: { max: 1, backoff_ms: 500 },
    },
    {
      id: "N-004",
      name: "Summarise",
      type: "shell",
      executor: "sh",
      phase: "verify",
      args_template: "echo 'Feature done. Tests: {N-003.output}'",
    },
  ],
  edges: [
    { from: "N-001", to: "CP-01" },
    { from: "CP-01", to: "N-002" },
    { from: "N-002", to: "N-003" },
    { from: "N-003", to: "N-004" },
  ],
  checkpoints: ["CP-01"],
  execution_mode: "parallel",
};

const parallelChecks: TemplateInput = {
  template_id: "wft-parallel-checks-20261129",
  metadata: { task_type: "integration-test" },
  name: "Parallel checks",
  description: "Fan out lint, unit tests and a type check in parallel, then fan in to one report.",
  version: "1.0",
  tags: ["integration-test", "medium", "example"],
  context_schema: {
    project: { type: "string", required: false, default: "demo", description: "Project name shown in the report" },
  },
  nodes: [
    {
      id: "N-001",
      name: "Prepare workspace",
      type: "shell",
      args_template: "mkdir -p reports && echo prepared {project}",
    },
    {
      id: "N-002a",
      name: "Lint",
      type: "shell",
      parallel_group: "checks",
      args_template: "sleep 1 && echo 'lint: 0 problems' | tee reports/lint.txt",
    },
    {
      id: "N-002b",
      name: "Unit tests",
      type: "shell",
      parallel_group: "checks",
      args_template: "sleep 2 && echo 'unit: 42 passed' | tee reports/unit.txt",
    },
    {
      id: "N-002c",
      name: "Type check",
      type: "shell",
      parallel_group: "checks",
      args_template: "sleep 1 && echo 'types: ok' | tee reports/types.txt",
    },
    {
      id: "N-003",
      name: "Write the report",
      type: "shell",
      args_template: "cat reports/*.txt > report.md && cat report.md",
      checks: [{ type: "file_contains", path: "report.md", pattern: "passed" }],
    },
  ],
  edges: [
    { from: "N-001", to: "N-002a" },
    { from: "N-001", to: "N-002b" },
    { from: "N-001", to: "N-002c" },
    { from: "N-002a", to: "N-003" },
    { from: "N-002b", to: "N-003" },
    { from: "N-002c", to: "N-003" },
  ],
  checkpoints: [],
  atomic_groups: [{ name: "checks", nodes: ["N-002a", "N-002b", "N-002c"] }],
  execution_mode: "parallel",
};

const deployGate: TemplateInput = {
  template_id: "wft-deploy-gate-20261129",
  metadata: { task_type: "integration-test" },
  name: "Deploy with a gate",
  description: "Build, then a gate picks the branch by environment; production asks a person first.",
  version: "1.0",
  tags: ["integration-test", "complex", "example"],
  context_schema: {
    env: { type: "string", required: true, default: "staging", description: "staging or production" },
  },
  nodes: [
    { id: "N-001", name: "Build", type: "shell", args_template: "echo 'build 1.2.3' > build.txt && cat build.txt" },
    { id: "G-001", name: "Which environment?", type: "gate", condition: "{env}" },
    {
      id: "H-001",
      name: "Approve the production deploy",
      type: "human",
      prompt: "Deploy build 1.2.3 to production?",
      options: ["approve", "reject"],
    },
    { id: "N-002", name: "Deploy to production", type: "shell", args_template: "echo deployed to production" },
    { id: "N-003", name: "Deploy to staging", type: "shell", args_template: "echo deployed to staging" },
    { id: "N-004", name: "Notify", type: "shell", args_template: "echo 'deploy finished for {env}'" },
  ],
  edges: [
    { from: "N-001", to: "G-001" },
    { from: "G-001", to: "H-001", label: "production" },
    { from: "H-001", to: "N-002" },
    { from: "G-001", to: "N-003", label: "staging" },
    { from: "N-002", to: "N-004" },
    { from: "N-003", to: "N-004" },
  ],
  checkpoints: [],
  execution_mode: "parallel",
};

export const EXAMPLE_TEMPLATES: readonly TemplateInput[] = [featurePipeline, parallelChecks, deployGate];
