/** Signature verification: good, bad, missing, wrong encoding; bearer headers; constant-time compare. */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bearerSecret, checkSignature, constantTimeEqual } from "./check-signature";

const body = '{"ref":"main"}';
const digest = createHmac("sha256", "s3cret").update(body).digest();
const hex = digest.toString("hex");

describe("checkSignature", () => {
  it("good: the hex HMAC-SHA256 of the body, any letter case", () => {
    expect(checkSignature(`sha256=${hex}`, digest)).toEqual({ ok: true });
    expect(checkSignature(`sha256=${hex.toUpperCase()}`, digest)).toEqual({ ok: true });
  });

  it("bad: another secret or another body", () => {
    const other = createHmac("sha256", "other").update(body).digest("hex");
    expect(checkSignature(`sha256=${other}`, digest)).toMatchObject({ ok: false, problem: "mismatch" });
    const tampered = createHmac("sha256", "s3cret")
      .update(body + " ")
      .digest("hex");
    expect(checkSignature(`sha256=${tampered}`, digest)).toMatchObject({ ok: false, problem: "mismatch" });
  });

  it("missing", () => {
    for (const h of [null, "", "   "])
      expect(checkSignature(h, digest)).toMatchObject({ ok: false, problem: "missing" });
  });

  it("wrong encoding: base64, sha1=, no prefix, short, non-hex", () => {
    for (const h of [
      `sha256=${digest.toString("base64")}`,
      `sha1=${hex.slice(0, 40)}`,
      hex,
      `sha256=${hex.slice(0, 62)}`,
      `sha256=${"z".repeat(64)}`,
      `sha256=${hex} extra`,
    ])
      expect(checkSignature(h, digest), h).toMatchObject({ ok: false, problem: "malformed" });
  });
});

describe("bearerSecret and constantTimeEqual", () => {
  it("reads Bearer <secret>", () => {
    expect(bearerSecret("Bearer abc.def")).toEqual({ ok: true, secret: "abc.def" });
    expect(bearerSecret("bearer abc")).toEqual({ ok: true, secret: "abc" });
    expect(bearerSecret(null)).toMatchObject({ ok: false, problem: "missing" });
    expect(bearerSecret("Basic abc")).toMatchObject({ ok: false, problem: "malformed" });
  });

  it("equal only when every byte and the length are equal", () => {
    const a = new Uint8Array([1, 2, 3]);
    expect(constantTimeEqual(a, new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual(a, new Uint8Array([1, 2, 4]))).toBe(false);
    expect(constantTimeEqual(a, new Uint8Array([1, 2]))).toBe(false);
    expect(constantTimeEqual(a, new Uint8Array([1, 2, 3, 0]))).toBe(false);
  });
});
