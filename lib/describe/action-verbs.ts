/**
 * The verbs that start a step ("plan", "run", "write" …). The parser splits "A and B" into two
 * steps only when B starts with one of them, so "write tests and docs" stays one step; and in a
 * list a verb governs only the verbless parts after it ("clean it and compute totals": two verbs).
 */
export const ACTION_VERBS: ReadonlySet<string> = new Set(
  (
    "add analyse analyze announce approve archive ask assess audit back backup benchmark brainstorm build bump " +
    "call check choose classify clean clone code collect commit compare compile configure confirm convert " +
    "create debug decide delete deploy describe design detect document download draft edit email estimate " +
    "evaluate explore export extract fetch find fix format gather generate identify implement import " +
    "improve inspect install integrate investigate label lint list load make measure merge migrate monitor notify " +
    "open optimise optimize outline package parse patch pause pick plan polish post prepare prioritise " +
    "prioritize profile propose prototype publish pull push query rank read rebuild record refactor release " +
    "remove rename render report reproduce request research resolve restart restructure review rewrite " +
    "roll run save scaffold scan search send set setup ship simplify sketch specify split start stop " +
    "summarise summarize sync tag test translate triage typecheck update upgrade upload validate verify " +
    "wait write let switch change enable disable copy move revert rollback print show close submit schedule clear " +
    "flush seed train tune retry bisect attach compress encrypt decrypt rotate renew " +
    // Everyday verbs of data, content, incident, release and research work.
    "compute calculate draw plot chart graph visualize visualise transform aggregate sort filter ingest " +
    "normalize normalise enrich join dedupe deduplicate combine concatenate count score predict cluster annotate " +
    "tokenize index crawl scrape sample partition cleanse preprocess process store persist cache refresh reload " +
    "provision spin tear shut boot reboot scale drain page escalate mitigate communicate acknowledge diagnose " +
    "hotfix backport rebase squash promote sign notarize notarise freeze unfreeze reject accept broadcast share " +
    "distribute invite remind alert message ping answer respond reply comment interview survey poll synthesize " +
    "synthesise transcribe localize localise proofread copyedit revise shorten condense paraphrase illustrate " +
    "mock wireframe iterate refine finalize finalise conclude file log track trace watch observe compose " +
    "assemble bundle minify transpile bootstrap initialize initialise register authenticate authorize grant " +
    "revoke restore recover rerun requeue cancel abort terminate resume continue launch trigger invoke execute " +
    "perform apply produce serialize encode decode hash ensure assert diff reconcile match select vote assign " +
    "allocate categorize categorise organize organise recap highlight get grab mirror replicate purge prune trim " +
    "truncate zip unzip decompress sanitize anonymize redact mask scrub prettify examine study skim learn " +
    "explain teach present demo insert append replace populate fill develop connect look figure turn put take " +
    "kick interpret infer"
  ).split(" "),
);

/** `writing` → `write`, `planned` → `plan`, `runs` → `run`; other words unchanged (lower-cased). */
export function toBaseVerb(word: string): string {
  const w = word.toLowerCase();
  if (ACTION_VERBS.has(w)) return w;
  const candidates: string[] = [];
  if (w.endsWith("ing")) {
    const stem = w.slice(0, -3);
    candidates.push(stem, stem + "e");
    if (stem.length > 2 && stem.at(-1) === stem.at(-2)) candidates.push(stem.slice(0, -1));
  }
  if (w.endsWith("ed")) {
    const stem = w.slice(0, -2);
    candidates.push(stem, stem + "e");
    if (stem.length > 2 && stem.at(-1) === stem.at(-2)) candidates.push(stem.slice(0, -1));
  }
  if (w.endsWith("ied")) candidates.push(w.slice(0, -3) + "y");
  if (w.endsWith("ies")) candidates.push(w.slice(0, -3) + "y");
  if (w.endsWith("es")) candidates.push(w.slice(0, -2));
  if (w.endsWith("s")) candidates.push(w.slice(0, -1));
  return candidates.find((c) => ACTION_VERBS.has(c)) ?? w;
}

/** The first word when it is an action verb (any inflection), else undefined. */
export function leadingVerb(text: string): string | undefined {
  const first = /^[A-Za-z]+/.exec(text.trim())?.[0];
  if (!first) return undefined;
  const base = toBaseVerb(first);
  return ACTION_VERBS.has(base) ? base : undefined;
}
