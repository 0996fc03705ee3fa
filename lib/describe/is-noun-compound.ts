/**
 * Noun compounds whose first word is also a verb ("release notes", "test results", "build logs"): in a
 * list they are objects ("write the summary and release notes"). Read as two words looked up in sets
 * (letters in any case): one pattern listing every pair cost a fresh `wf` ~1.5 ms to compile.
 */
const FIRST: ReadonlySet<string> = new Set(
  "release test build review design check change record report log sample score track index chart plot file process".split(
    " ",
  ),
);
const SECOND: ReadonlySet<string> = new Set([
  ..."note result suite case log artifact output report comment doc plan pipeline script failure card file set time step owner"
    .split(" ")
    .flatMap((w) => [w, `${w}s`]),
  ..."coverage data numbers metrics matrix status summary history".split(" "),
]);
/** The first word (ASCII letters, then white space) and the next run of word characters. */
const HEAD = /^([A-Za-z]+)\s+(\w+)/;

/** True when `text` starts with a noun compound, its second word whole ("test results", not "test resultsx"). */
export function isNounCompound(text: string): boolean {
  const m = HEAD.exec(text);
  return !!m && FIRST.has(m[1].toLowerCase()) && SECOND.has(m[2].toLowerCase());
}
