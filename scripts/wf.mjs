#!/usr/bin/env node
// The old path of the `wf` bin, kept for scripts that call it: the bin is scripts/wf.cjs (see there).
import "./wf.cjs";
