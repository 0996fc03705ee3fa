"use client";
/**
 * A workflow node's line on the canvas: the child template's display name (from the library, one
 * cached `template.get` per child; its reference until that answers or when the library does not
 * have it, e.g. a CLI file path) and the version it runs — `latest` when unpinned, the latest
 * version at run start.
 */
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import "./workflow-call-summary.css";

export function WorkflowCallSummary({ template, version }: { template?: string; version?: string | number }) {
  const trpc = useTRPC();
  const child = useQuery({
    ...trpc.template.get.queryOptions({ id: template ?? "" }),
    enabled: Boolean(template),
    retry: false,
    staleTime: 60_000,
  });
  if (!template) return <>no template chosen</>;
  // The version stays visible when a long name is cut short.
  return (
    <span className="wf-call">
      <span className="wf-call-child">runs {child.data?.template.name ?? template}</span>
      <span className="wf-call-version">
        {" · "}
        {version === undefined || version === "" ? "latest" : `v${version}`}
      </span>
    </span>
  );
}
