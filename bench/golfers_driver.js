// Runs good-enough-golfers' solver (islemaster/good-enough-golfers, MIT) from a fetched copy
// for bench/clubs_bench.py. Nothing of the peer is copied here: its lib/geneticSolver.js is
// read from the path given as argv[2] and run as it is published. The page loads lodash
// from a CDN; the three lodash functions it calls (range, shuffle, sortBy) are provided
// here, with a seeded random generator so that every run is reproducible.
// Usage: node golfers_driver.js <path of the copy's lib/geneticSolver.js> < input.json
// Input (stdin, JSON): {"groups": 6, "ofSize": 4, "rounds": 6, "forbidden": [[0, 5], ...],
// "discouraged": [[1, 2, 3, 4], ...] (optional: earlier groups, each pair's weight raised by
// one per group), "seed": 1}. Output (stdout, JSON): the rounds, each a list of groups of player indices.
"use strict";
const fs = require("fs");
const vm = require("vm");

function mulberry32(seed) {  // a small seeded generator (public domain, T. Ettinger)
  let a = seed >>> 0;
  return function () {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const input = JSON.parse(fs.readFileSync(0, "utf8"));
const random = mulberry32(input.seed);
const lodash = {
  range(a, b) {
    const [lo, hi] = b === undefined ? [0, a] : [a, b];
    const out = [];
    for (let i = lo; i < hi; i++) out.push(i);
    return out;
  },
  shuffle(items) {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  },
  sortBy(items, key) {  // stable, as lodash's
    return items.map((v, i) => [key(v), i, v])
      .sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] - y[1]))
      .map((t) => t[2]);
  },
};
const source = fs.readFileSync(process.argv[2], "utf8");
const context = vm.createContext({ _: lodash, Math, Infinity });
vm.runInContext(source, context);
let last = null;
context.geneticSolver(input.groups, input.ofSize, input.rounds, false, input.forbidden,
  input.discouraged || [],
  (progress) => { last = progress.rounds; });
process.stdout.write(JSON.stringify(last));
