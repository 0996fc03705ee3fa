"use client";
/**
 * The library's Import: the import form, then `template.save` and open the new template. A template
 * that was read but has validation errors is saved as a draft version (as the editor's Save does):
 * the form says so and links to it instead of opening it.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { Template } from "@/lib/workflow/model/template-schema";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { ImportForm } from "./import-form";

interface SavedDraft {
  id: string;
  version: number;
  name: string;
}

export function LibraryImport() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<SavedDraft>();
  const save = useMutation(trpc.template.save.mutationOptions());

  const addToLibrary = async (template: Template) => {
    setDraft(undefined);
    const saved = await save.mutateAsync({ template });
    await queryClient.invalidateQueries({ queryKey: trpc.template.pathKey() });
    if (saved.draft) setDraft({ id: saved.id, version: saved.version, name: template.name });
    else router.push(`/templates/${encodeURIComponent(saved.id)}`);
  };

  if (!open)
    return (
      <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
        Import
      </button>
    );
  return (
    <>
      <ImportForm submitLabel="Add to library" acceptErrors onTemplate={addToLibrary} onClose={() => setOpen(false)} />
      {draft && (
        <p role="status">
          Saved “{draft.name}” as a draft (version {draft.version}): it has the errors listed above and cannot run until
          they are fixed. <Link href={`/templates/${encodeURIComponent(draft.id)}`}>Open it in the editor</Link>
        </p>
      )}
    </>
  );
}
