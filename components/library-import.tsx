"use client";
/** The library's Import: the import form, then `template.save` and open the new template. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { Template } from "@/lib/workflow/template-schema";
import { useTRPC } from "@/lib/trpc/client";
import { ImportForm } from "./import-form";

export function LibraryImport() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const save = useMutation(trpc.template.save.mutationOptions());

  const addToLibrary = async (template: Template) => {
    const saved = await save.mutateAsync({ template });
    await queryClient.invalidateQueries({ queryKey: trpc.template.pathKey() });
    router.push(`/templates/${encodeURIComponent(saved.id)}`);
  };

  if (!open)
    return (
      <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
        Import
      </button>
    );
  return <ImportForm submitLabel="Add to library" onTemplate={addToLibrary} onClose={() => setOpen(false)} />;
}
