/** Stable codes for describe and the executor catalog (`DS0xx`); messages are functions of their facts. */
import type { Diagnostic, Severity } from "@/lib/workflow/model/diagnostic";

/** The question to ask when a description gives nothing to build (docs/describe.md). */
export const DESCRIBE_PROMPT =
  "Describe the workflow you want to automate. Include: what steps to run, in what order, and what varies each time (inputs).";

export const DESCRIBE_ISSUES = {
  DS001: { severity: "error", message: () => `The description is empty. ${DESCRIBE_PROMPT}` },
  DS002: {
    severity: "error",
    message: () => `No step to run could be found in the description. ${DESCRIBE_PROMPT}`,
  },
  DS003: {
    severity: "warning",
    message: (provider: string, reason: string) =>
      `Agent provider "${provider}" could not parse the description (${reason}); the built-in rules were used.`,
  },
  DS004: {
    severity: "error",
    message: (name: string) => `The executor catalog has no entry named "${name}".`,
  },
  DS005: {
    severity: "error",
    message: (where: string, detail: string) => `Invalid executor catalog ${where}: ${detail}`,
  },
} as const satisfies Record<string, { severity: Severity; message: (...args: never[]) => string }>;

export type DescribeIssueCode = keyof typeof DESCRIBE_ISSUES;

/** Builds a diagnostic from the catalog so every surface shares one code and wording. */
export function describeDiagnostic<C extends DescribeIssueCode>(
  code: C,
  args: Parameters<(typeof DESCRIBE_ISSUES)[C]["message"]>,
  extra: Partial<Diagnostic> = {},
): Diagnostic {
  const issue = DESCRIBE_ISSUES[code];
  const message = (issue.message as (...a: unknown[]) => string)(...args);
  return { severity: issue.severity, code, message, ...extra };
}
