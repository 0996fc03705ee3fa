"use client";
/** One pending approval: a paused checkpoint, a human task or a gate without a matching branch. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "@/lib/trpc/client";

export interface ApprovalItem {
  id: string;
  runId: string;
  nodeId: string;
  kind: string;
  prompt?: string;
  options?: string[];
  status: string;
}

const KIND_LABEL: Record<string, string> = {
  checkpoint: "Paused checkpoint",
  human: "Human task",
  gate: "Gate: choose a branch",
};

export function ApprovalCard({ approval, showRun = true }: { approval: ApprovalItem; showRun?: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState("");
  const [answer, setAnswer] = useState("");
  const decide = useMutation(
    trpc.approval.decide.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(),
    }),
  );
  // A gate asks for one of its branch labels; other kinds are approve / reject (plus options, if any).
  const choices =
    approval.kind === "gate"
      ? (approval.options ?? [])
      : ["approve", "reject", ...(approval.options ?? []).filter((o) => o !== "approve" && o !== "reject")];
  const freeText = approval.kind === "human" && !approval.options?.length;
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
      {freeText && (
        <label className="field">
          Answer
          <textarea value={answer} onChange={(e) => setAnswer(e.target.value)} rows={2} />
        </label>
      )}
      <label className="field">
        Comment
        <input value={comment} onChange={(e) => setComment(e.target.value)} placeholder="optional" />
      </label>
      <div className="button-row">
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
