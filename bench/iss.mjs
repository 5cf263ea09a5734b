#!/usr/bin/env node
// Run the Interactive Sudoku Solver (ISS, github.com/sigh/Interactive-Sudoku-Solver) headless on
// named puzzles of its own data files, and time a proof of uniqueness: the search for up to two
// solutions, like `sdkc run --unique`. bench/families.py runs it next to sdkc.
//
// Usage: node bench/iss.mjs [--iss DIR] [--runs K] [--long S] [--time-limit S] NAME ...
//        node bench/iss.mjs [options] < names      (no NAME: one name a line, or a JSON array)
//        node bench/iss.mjs --list                 (the names it can look up)
//
// A NAME is an entry's `name` in ISS's data/example_puzzles.js or data/collections.js; to look in
// one file only, prefix it: "data/collections.js:Windoku". A NAME may also be ISS's own label for
// the i-th entry (from 0) of a list that data/collections.js exports, named or not:
// "TAREK_ALL[0]" (the killers of the TAREK_ALL list, given as bare killer strings). A stdin JSON
// array may hold names or {"name": ..., "collection": "data/collections.js"} objects.
//
// ISS is not part of this repository: --iss (default /tmp/iss) is a copy of its source tree, e.g.
//   git clone https://github.com/sigh/Interactive-Sudoku-Solver /tmp/iss-git
//   mkdir -p /tmp/iss && git -C /tmp/iss-git archive HEAD | tar -x -C /tmp/iss
// (or just clone it to /tmp/iss). It needs no npm install: node 20 loads its ES modules as they
// are, after the globals of ISS's own tests/helpers/test_env.js (`self`, `VERSION_PARAM`).
//
// What it runs, per puzzle (ISS's public solver API, as its web worker calls it):
//   SudokuParser.parseText(input) -> SudokuBuilder.resolveConstraint -> SudokuBuilder.build
//   (the "build"), then solver.nthSolution(0) and solver.nthSolution(1) (the "solve": the second
//   call resumes the same search and, finding nothing, proves the first solution unique), then
//   solver.state() for ISS's counters (guesses, backtracks, nodesSearched, ...).
// The first run of each puzzle is "cold" (a fresh solver; when this process solves one puzzle,
// also a fresh JIT). Then, unless the cold run took over --long seconds (default 5), --runs K
// more runs (default 1), each building a fresh solver, give the best "warm" time.
// --time-limit S (default 30) stops a search after S seconds (checked every 1024 search steps
// from ISS's progress callback); the build itself cannot be stopped.
//
// Output: one JSON line per puzzle:
//   {"name", "collection", "status": "unique"|"multiple"|"none"|"time_limit"|"error",
//    "solutions": 0|1|2, "seconds" (cold: build + solve), "build_seconds", "solve_seconds",
//    "warm_seconds" (best warm build + solve, or null), "warm_runs", "grid" (the first solution,
//    row-major, one character a cell: 1-9, then A = 10 ...), "expected" (the entry's published
//    solution, the same way), "matches" (grid equals it;
//    null without one), "counters" (ISS's, of the cold run), "message" (for an error)}

import { readFileSync } from 'node:fs';
import { resolve, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

const usage = () => {
  const text = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
  const end = text.findIndex((l) => l.startsWith('import '));
  return text.slice(1, end).map((l) => l.replace(/^\/\/ ?/, '')).join('\n').trim();
};

const parseArgs = (argv) => {
  const a = { iss: '/tmp/iss', runs: 1, long: 5, timeLimit: 30, list: false, names: [] };
  for (let i = 0; i < argv.length; i++) {
    const [key, inline] = argv[i].split(/=(.*)/s);
    const next = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${key} needs a value`);
      return v;
    };
    switch (key) {
      case '-h': case '--help': console.log(usage()); process.exit(0);
      case '--iss': a.iss = next(); break;
      case '--runs': a.runs = Number(next()); break;
      case '--long': a.long = Number(next()); break;
      case '--time-limit': a.timeLimit = Number(next()); break;
      case '--list': a.list = true; break;
      case '--': a.names.push(...argv.slice(i + 1)); i = argv.length; break;
      default:
        if (key.startsWith('--')) throw new Error(`unknown option ${key} (see --help)`);
        a.names.push(argv[i]);
    }
  }
  for (const k of ['runs', 'long', 'timeLimit']) {
    if (!(a[k] >= 0)) throw new Error(`--${k} must be a number >= 0`);
  }
  return a;
};

// "data/collections.js:Windoku" -> {collection, name}; a bare name looks in both files.
const splitName = (s) => {
  if (typeof s === 'object') return { name: s.name, collection: s.collection || null };
  const m = /^(data\/[\w.-]+\.js):(.*)$/s.exec(s);
  return m ? { collection: m[1], name: m[2] } : { collection: null, name: s };
};

const readStdinNames = () => {
  const text = readFileSync(0, 'utf8').trim();
  if (!text) return [];
  if (text.startsWith('[')) return JSON.parse(text);
  return text.split('\n').map((l) => l.trim()).filter(Boolean);
};

class TimeLimit extends Error {}

const main = async () => {
  const args = parseArgs(process.argv.slice(2));
  const iss = resolve(args.iss);
  const load = (path) => import(pathToFileURL(join(iss, path)).href + (globalThis.VERSION_PARAM ?? ''));
  try {
    readFileSync(join(iss, 'js', 'solver', 'sudoku_builder.js'));
  } catch {
    throw new Error(`no ISS source tree at ${iss} (js/solver/sudoku_builder.js): pass --iss DIR ` +
      `(see --help for how to export one)`);
  }
  // ISS's own headless bootstrap (the globals its modules expect outside a browser).
  const { ensureGlobalEnvironment } = await load('tests/helpers/test_env.js');
  ensureGlobalEnvironment();
  const { SudokuParser } = await load('js/sudoku_parser.js');
  const { SudokuBuilder } = await load('js/solver/sudoku_builder.js');
  const examples = await load('data/example_puzzles.js');
  const collections = await load('data/collections.js');

  // Every named entry of each file, resolved the way ISS resolves them (extraConstraints,
  // collection-level options).
  const entries = { 'data/example_puzzles.js': new Map(), 'data/collections.js': new Map() };
  for (const p of examples.DISPLAYED_EXAMPLES) {
    entries['data/example_puzzles.js'].set(p.name, examples.resolvePuzzleConfig(p));
  }
  for (const value of Object.values(collections)) {
    if (!Array.isArray(value)) continue;
    for (const e of value) {
      const cfg = typeof value.configFor === 'function'
        ? value.configFor(e) : examples.resolvePuzzleConfig(e);
      if (!cfg || typeof cfg.name !== 'string' || cfg.name === cfg.input) continue;
      const map = entries['data/collections.js'];
      if (!map.has(cfg.name)) map.set(cfg.name, cfg);
    }
  }
  if (args.list) {
    for (const [file, map] of Object.entries(entries)) {
      for (const name of map.keys()) console.log(`${file}:${name}`);
    }
    return;
  }

  const find = ({ name, collection }) => {
    const label = /^([A-Z][A-Z0-9_]*)\[(\d+)\]$/.exec(name);
    if (label && (!collection || collection === 'data/collections.js')) {
      const list = collections[label[1]];
      if (!Array.isArray(list)) throw new Error(`data/collections.js exports no list ${label[1]}`);
      const e = list[Number(label[2])];
      if (e === undefined) throw new Error(`${label[1]} has ${list.length} entries, no ${name}`);
      const cfg = typeof list.configFor === 'function'
        ? list.configFor(e) : examples.resolvePuzzleConfig(e);
      return { file: 'data/collections.js', entry: cfg };
    }
    if (collection && !entries[collection]) {
      throw new Error(`unknown collection ${collection} (data/example_puzzles.js or data/collections.js)`);
    }
    const files = collection ? [collection] : Object.keys(entries);
    for (const f of files) {
      const e = entries[f].get(name);
      if (e) return { file: f, entry: e };
    }
    throw new Error(`no entry named ${JSON.stringify(name)} in ${files.join(' or ')}`);
  };

  // An input may be a path into ISS's data/ (an .iss constraint file, or a .js sandbox script).
  const inputText = async (input) => {
    if (!input.startsWith('/')) return input;
    const text = readFileSync(join(iss, input), 'utf8');
    if (!input.endsWith('.js')) return text;
    const { runSandboxToConstraint } = await load('tools/lib/sandbox_runner.js');
    return runSandboxToConstraint(text);
  };

  // One run: build a fresh solver, then look for two solutions.
  const solveOnce = (input, limitS) => {
    const t0 = performance.now();
    const solver = SudokuBuilder.build(
      SudokuBuilder.resolveConstraint(SudokuParser.parseText(input)));
    const t1 = performance.now();
    const deadline = t1 + limitS * 1000;
    if (limitS > 0) {
      solver.setProgressCallback(() => {
        if (performance.now() > deadline) throw new TimeLimit();
      }, 10);
    }
    const geometry = solver.geometry();
    // One character a cell, as sdkc's tests/expected/ grids: 1-9, then A = 10, B = 11, ...
    // (Array.from: a solution may be a typed array, whose own map would keep numbers.)
    const digits = (s) => Array.from(s.slice(0, geometry.numGridCells),
      (v) => (v === null ? '.' : v.toString(36).toUpperCase())).join('');
    let first = null, second = null, status;
    try {
      first = solver.nthSolution(0);
      if (first) second = solver.nthSolution(1);
      status = !first ? 'none' : second ? 'multiple' : 'unique';
    } catch (e) {
      if (!(e instanceof TimeLimit)) throw e;
      status = 'time_limit';
    }
    const t2 = performance.now();
    const state = solver.state();
    return {
      status,
      solutions: (first ? 1 : 0) + (second ? 1 : 0),
      build: (t1 - t0) / 1000,
      solve: (t2 - t1) / 1000,
      grid: first ? digits(first) : null,
      counters: state.counters,
    };
  };

  const round = (x) => (x === null ? null : Math.round(x * 1e6) / 1e6);
  let names = args.names.length ? args.names : readStdinNames();
  let failed = false;
  for (const raw of names) {
    const want = splitName(raw);
    const out = { name: want.name, collection: want.collection };
    try {
      const { file, entry } = find(want);
      out.collection = file;
      const input = await inputText(entry.input);
      const cold = solveOnce(input, args.timeLimit);
      let warm = null, warmRuns = 0;
      if (cold.status !== 'time_limit' && cold.build + cold.solve <= args.long) {
        for (let k = 0; k < args.runs; k++) {
          const r = solveOnce(input, args.timeLimit);
          warmRuns++;
          if (r.status !== 'time_limit') {
            warm = Math.min(warm ?? Infinity, r.build + r.solve);
          }
        }
      }
      // ISS writes the solution of a grid past 9 values one letter a cell, A = 1, B = 2, ...
      const letters = (t) => (/[A-Z]/.test(t)
        ? [...t].map((c) => (c >= 'A' && c <= 'Z'
          ? (c.charCodeAt(0) - 64).toString(36).toUpperCase() : c)).join('')
        : t);
      const expected = typeof entry.solution === 'string' ? letters(entry.solution) : null;
      const matches = expected === null || cold.grid === null ? null
        : expected.length === cold.grid.length &&
          [...expected].every((c, i) => c === '.' || c === cold.grid[i]);
      Object.assign(out, {
        status: cold.status,
        solutions: cold.solutions,
        seconds: round(cold.build + cold.solve),
        build_seconds: round(cold.build),
        solve_seconds: round(cold.solve),
        warm_seconds: round(warm),
        warm_runs: warmRuns,
        grid: cold.grid,
        expected,
        matches,
        counters: cold.counters,
      });
      if (matches === false) failed = true;
    } catch (e) {
      Object.assign(out, { status: 'error', message: e.message });
      failed = true;
    }
    console.log(JSON.stringify(out));
  }
  if (failed) process.exitCode = 1;
};

main().catch((e) => {
  console.error(`iss.mjs: ${e.message}`);
  process.exit(2);
});
