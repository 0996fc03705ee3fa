/**
 * Complexity (docs/describe.md, phase 1): simple = 1-3 nodes, linear; medium = 4-7, at most one
 * parallel track; complex = 8+ or several tracks.
 */
import type { Complexity } from "./intent-schema";

export function assessComplexity(stepCount: number, parallelGroups: number): Complexity {
  if (stepCount >= 8 || parallelGroups >= 2) return "complex";
  if (stepCount <= 3 && parallelGroups === 0) return "simple";
  return "medium";
}
