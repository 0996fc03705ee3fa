import { describe, expect, it } from "vitest";
import { redactDatabaseUrl } from "./redact-database-url";

describe("redactDatabaseUrl", () => {
  it("replaces the password, wherever the URL carries it, and keeps the rest", () => {
    expect(redactDatabaseUrl("postgres://wf:s3cret@db.example:5433/wf?sslmode=require")).toBe(
      "postgres://wf:***@db.example:5433/wf?sslmode=require",
    );
    expect(redactDatabaseUrl("postgresql://wf:p%40ss%2Fword@db/wf")).toBe("postgresql://wf:***@db/wf");
    expect(redactDatabaseUrl("postgres://db/wf?user=wf&password=s3cret")).toBe("postgres://db/wf?user=wf&password=***");
    expect(redactDatabaseUrl("postgres://wf@db/wf")).toBe("postgres://wf@db/wf");
  });

  it("hides the password of a string that is not a URL too", () => {
    expect(redactDatabaseUrl("postgres://wf:s3 cret@[bad/wf")).toBe("postgres://wf:***@[bad/wf");
  });
});
