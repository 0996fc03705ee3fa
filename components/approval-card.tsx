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
import { useTRPC } from "@/lib/trpc/client";
import { useCan } from "./session-provider";

export type ApprovalItem = RouterOutputs["approval"]["list"]["items"][number];

const KIND_LABEL: Record<string, string> = {
  checkpoint: "Paused checkpoint",
  human: "Human task",
  gate: "Gate: choose a branch",
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
  // A gate asks for one of its branch labels; other kinds are approve / reject (plus options, if any).
  const choices =
    approval.kind === "gate"
      ? (approval.options ?? [])
      : ["approve", "reject", ...(approval.options ?? []).filter((o) => o !== "approve" && o !== "reject")];
  const freeText = approval.kind === "human" && !approval.options?.length;
  const required = approval.requiredApprovals ?? 1;
  const votes = approval.votes ?? [];
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
            run {approval.runId}
          </Link>
        )}
      </header>
      {approval.prompt && <p className="approval-prompt">{approval.prompt}</p>}
      {required > 1 && (
        <p className="small" data-testid="approval-progress">
          {votes.length} of {required} approvals
          {votes.length > 0 && <> — {votes.map((v) => `${v.by ?? "someone"}: ${v.decision}`).join(", ")}</>}
        </p>
      )}
      {approval.timeoutAt && (
        <p className="small muted" data-testid="approval-timeout">
          Times out {new Date(approval.timeoutAt).toLocaleString()}: then {ON_TIMEOUT[approval.onTimeout ?? "fail"]}.
        </p>
      )}
      {!canDecide && <p className="small muted">Waiting for an approver.</p>}
      {canDecide && freeText && (
        <label className="field">
          Answer
          <textarea value={answer} onChange={(e) => setAnswer(e.target.value)} rows={2} />
        </label>
      )}
      {canDecide && (
        <label className="field">
          Comment
          <input value={comment} onChange={(e) => setComment(e.target.value)} placeholder="optional" />
        </label>
      )}
      <div className="button-row" style={canDecide ? undefined : { display: "none" }}>
        {choices.map((choice) => (
          <button
            key={choice}
            className={`button ${choice === "approve" ? "button-primary" : ""} ${choice === "reject" ? "button-danger" : ""}`}
            disabled={decide.isPending}
            onClick={() =>
              decide.mutate({
                approvalId: approval.id,
                decision: choice,
                ...(comment ? { comment } : {}),
                ...(freeText && answer ? { answer } : {}),
              })
            }
          >
            {choice === "approve" ? "Approve" : choice === "reject" ? "Reject" : choice}
          </button>
        ))}
      </div>
      {decide.isError && <p role="alert">{decide.error.message}</p>}
    </article>
  );
}
