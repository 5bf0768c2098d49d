// Two sources of variety. Data comes from hashing the request's own inputs, so the same question at the
// same simulated time always gets the same answer. Faults come from a seeded generator, so a run with the
// same seed and the same request order misbehaves the same way.

const TWO_POW_32 = 4294967296;

/** Scrambles 32 bits so that nearby inputs give unrelated outputs. */
function avalanche(value: number): number {
  let mixed = value >>> 0;
  mixed = Math.imul(mixed ^ (mixed >>> 16), 0x85ebca6b);
  mixed = Math.imul(mixed ^ (mixed >>> 13), 0xc2b2ae35);
  return (mixed ^ (mixed >>> 16)) >>> 0;
}

export type HashPart = string | number;

export function hash32(...parts: HashPart[]): number {
  // FNV-1a over the parts joined with a separator that cannot appear in numbers.
  const text = parts.join('\u0001');
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return avalanche(hash);
}

/**
 * A number in [0, 1) fixed by a seed (a `hash32`) and small whole numbers: many draws from one text
 * hash without hashing text again, where a stream draws thousands of values per call.
 */
export function mixedUnit(seed: number, ...numbers: number[]): number {
  let mixed = seed;
  for (const value of numbers) mixed = avalanche(mixed ^ Math.imul(value + 0x632be5ab, 0x9e3779b1));
  return mixed / TWO_POW_32;
}

/** A number in [0, 1) fixed by the parts. */
export function hashUnit(...parts: HashPart[]): number {
  return hash32(...parts) / TWO_POW_32;
}

/** An integer in [0, bound) fixed by the parts. */
export function hashInt(bound: number, ...parts: HashPart[]): number {
  return Math.floor(hashUnit(...parts) * bound);
}

/** A number in [min, max) fixed by the parts. */
export function hashBetween(min: number, max: number, ...parts: HashPart[]): number {
  return min + hashUnit(...parts) * (max - min);
}

export function hashPick<T>(items: readonly T[], ...parts: HashPart[]): T {
  if (items.length === 0) throw new Error('cannot pick from an empty list');
  return items[hashInt(items.length, ...parts)]!;
}

/** Seeded generator of numbers in [0, 1): a Weyl sequence passed through the avalanche step. */
export function createSeededRandom(seed: number): () => number {
  let state = (Math.trunc(seed) ^ 0x5bd1e995) >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    return avalanche(state) / TWO_POW_32;
  };
}
