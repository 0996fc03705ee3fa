"use client";
/**
 * Where a canvas node draws its menu. The canvas is shared by the editor and the read-only run views,
 * so it does not know the editor: the editor provides its node menu here, and a node outside an
 * editor (no provider) draws none.
 */
import { createContext, type ComponentType } from "react";

export const NodeMenuSlot = createContext<ComponentType<{ nodeId: string }> | null>(null);
