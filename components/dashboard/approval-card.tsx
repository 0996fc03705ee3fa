"use client";
/**
 * One pending approval: a paused checkpoint, a human task or a gate without a matching branch.
 * Approve / reject (or a human task's options, or a gate's branches) with a comment; an approval
 * that needs several people shows its progress and the votes so far; one that times out shows when
 * and what then happens.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { RouterOutputs } from "@/lib/trpc/router-types";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { useCan } from "@/components/app-shell/session-provider";

export type ApprovalItem = RouterOutputs["approval"]["list"]["items"][number];

const KIND_LABEL: Record<string, string> = {
  checkpoint: "Paused checkpoint",
  human: "Human task",
  gate: "Gate: choose a branch",
};

/** What deciding means when a person checks a node rather than doing its task. */
const STAGE_NOTE: Record<string, string> = {
  check: "A check of this node's output: approve completes the node; reject fails or skips it, as the check says.",
  precondition:
    "A precondition before this node starts: approve lets it run; reject fails or skips it, as the precondition says.",
};

const ON_TIMEOUT: Record<string, string> = {
  continue: "the run continues as if approved",
  fail: "the node fails",
};

export function ApprovalCard({ approval, showRun = true }: { approval: ApprovalItem; showRun?: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Only an approver (or admin) decides; the server refuses anyone else too.
  const canDecide = useCan("approver");
  const [comment, setComment] = useState("");
  const [answer, setAnswer] = useState("");
  const decide = useMutation(
    trpc.approval.decide.mutationOptions({
      onSuccess: () => {
        setComment("");
        setAnswer("");
        return queryClient.invalidateQueries({ queryKey: trpc.approval.list.queryKey() });
      },
    }),
  );
  const votes = approval.votes ?? [];
  const required = approval.requiredApprovals ?? 1;
  // Every approver must give the same answer (the server refuses another): after a first vote the
  // card offers that answer and Reject only.
  const agreed = votes[0] ? (votes[0].answer ?? votes[0].decision) : undefined;
  // A human task without options takes a written answer; a check of a node's output or a precondition does not.
  const freeText =
    approval.kind === "human" &&
    !approval.options?.length &&
    approval.stage !== "check" &&
    approval.stage !== "precondition";
  const offered = approval.options?.length ? approval.options : ["approve"];
  // A set: a human task may offer "approve" and "reject" as its own options.
  const choices = [...new Set([...(agreed === undefined ? offered : freeText ? ["approve"] : [agreed]), "reject"])];
  function send(choice: string) {
    const text = freeText && choice !== "reject" ? (votes[0] ? votes[0].answer : answer) : "";
    decide.mutate({
      approvalId: approval.id,
      decision: choice,
      ...(comment ? { comment } : {}),
      ...(text ? { answer: text } : {}),
    });
  }
  return (
    <article
      className="approval"
      data-testid={`approval-${approval.nodeId}`}
      aria-label={`Approval for ${approval.nodeId}`}
    >
      <header className="approval-head">
        <strong>{KIND_LABEL[approval.kind] ?? approval.kind}</strong>
        <code>{approval.nodeId}</code>
        {showRun && (
          <Link className="small" href={`/runs/${encodeURIComponent(approval.runId)}`}>
            {approval.runName ? `${approval.runName} · ` : ""}run {approval.runId}
          </Link>
        )}
        {showRun && approval.parentRun && (
          <span className="small muted" data-testid="approval-parent-run">
            called by{" "}
            <Link href={`/runs/${encodeURIComponent(approval.parentRun.id)}`}>
              {approval.parentRun.name ? `${approval.parentRun.name} · ` : ""}run {approval.parentRun.id}
            </Link>
          </span>
        )}
      </header>
      {approval.prompt && <p className="approval-prompt">{approval.prompt}</p>}
      {approval.stage && STAGE_NOTE[approval.stage] && (
        <p className="small muted" data-testid="approval-stage">
          {STAGE_NOTE[approval.stage]}
        </p>
      )}
      {required > 1 && (
        <p className="small" data-testid="approval-progress">
          {votes.length} of {required} approvals
          {votes.length > 0 && <> — {votes.map((v) => `${v.by ?? "someone"}: ${v.answer ?? v.decision}`).join(", ")}</>}
          {agreed !== undefined && <span className="muted"> · every approver gives the same answer, or rejects</span>}
        </p>
      )}
      {approval.timeoutAt && (
        <p className="small muted" data-testid="approval-timeout">
          Times out {new Date(approval.timeoutAt).toLocaleString()}: then {ON_TIMEOUT[approval.onTimeout ?? "fail"]}.
        </p>
      )}
      {!canDecide && <p className="small muted">Waiting for an approver.</p>}
      {canDecide && (
        <form
          aria-label={`Decide ${approval.nodeId}`}
          // Enter in a field decides nothing: each choice is its own button.
          onSubmit={(e) => e.preventDefault()}
        >
          {freeText &&
            (agreed === undefined ? (
              <label className="field">
                Answer
                <textarea value={answer} onChange={(e) => setAnswer(e.target.value)} rows={2} />
              </label>
            ) : (
              votes[0]?.answer !== undefined && (
                <p className="small" data-testid="approval-answer">
                  Answer so far: <q>{votes[0].answer}</q>
                </p>
              )
            ))}
          <label className="field">
            Comment
            <input value={comment} onChange={(e) => setComment(e.target.value)} placeholder="optional" />
          </label>
          <div className="button-row">
            {choices.map((choice) => (
              <button
                key={choice}
                type="button"
                className={`button ${choice === "approve" ? "button-primary" : ""} ${choice === "reject" ? "button-danger" : ""}`}
                disabled={decide.isPending}
                onClick={() => send(choice)}
              >
                {choice === "approve" ? "Approve" : choice === "reject" ? "Reject" : choice}
              </button>
            ))}
          </div>
        </form>
      )}
      {decide.isError && <p role="alert">{decide.error.message}</p>}
    </article>
  );
}
