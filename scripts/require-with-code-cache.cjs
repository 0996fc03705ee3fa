/**
 * Loads the CLI's CommonJS bundles with a V8 code cache, as v8-compile-cache did: compiling the ~1 MB a
 * subcommand needs takes ~50 ms on a start, reading the cache a few. Node 20 has no code cache for ES
 * modules (`module.enableCompileCache` arrived in Node 22), hence CommonJS bundles.
 *
 * Each `<bundle>.cjs` gets a `<bundle>.cjs.cache` beside it, written after the first run that used it (so it
 * holds the functions that run compiled, not only the top level) and again whenever V8 rejects it (another
 * Node version). Files outside `dir` load as usual.
 */
const fs = require("node:fs");
// The CommonJS loader itself: `require("node:module")` would also load its ES module hooks (~0.7 ms).
const Module = module.constructor;
const path = require("node:path");
const vm = require("node:vm");

/** Scripts whose cache should be written once the command has run. */
const pending = [];

/** `require(file)`, compiling every CommonJS file under `dir` with its code cache. */
function requireWithCodeCache(file, dir) {
  const prefix = path.resolve(dir) + path.sep;
  // Module.prototype._compile is the one hook CommonJS offers; everything outside `dir` goes the usual way.
  const compile = Module.prototype._compile;
  Module.prototype._compile = function compileWithCache(content, filename) {
    if (!filename.startsWith(prefix)) return compile.call(this, content, filename);
    const cacheFile = `${filename}.cache`;
    const cachedData = readIfPresent(cacheFile);
    const script = new vm.Script(Module.wrap(content), { filename, cachedData });
    if (!cachedData || script.cachedDataRejected) pending.push({ script, cacheFile });
    const mod = this;
    const requireFromBundle = (id) => mod.require(id);
    requireFromBundle.resolve = (request, options) => Module._resolveFilename(request, mod, false, options);
    requireFromBundle.cache = Module._cache;
    requireFromBundle.main = process.mainModule;
    const wrapper = script.runInThisContext({ displayErrors: true });
    return wrapper.call(mod.exports, mod.exports, requireFromBundle, mod, filename, path.dirname(filename));
  };
  return require(file);
}

/** Writes the caches still missing (best effort: a read-only install simply runs without them). */
function saveCodeCaches() {
  for (const { script, cacheFile } of pending.splice(0)) {
    try {
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, script.createCachedData());
      fs.renameSync(tmp, cacheFile);
    } catch {
      // Not writable: the next start compiles again, nothing else changes.
    }
  }
}

function readIfPresent(file) {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

module.exports = { requireWithCodeCache, saveCodeCaches };
