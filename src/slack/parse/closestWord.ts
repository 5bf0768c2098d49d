/** Edit distance (insert, delete, substitute, swap of neighbours), for "did you mean" hints. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** Longer than any word a command knows plus the distance a typo may be off: never a typo of one. */
const LONGEST_TYPO = 40;

/**
 * The candidate a typo most likely meant, when one is close enough to be worth suggesting. The edit
 * distance costs the product of the two lengths, so only words that could be close are compared:
 * a word longer than any candidate by more than the allowed distance is no typo of it (one signed
 * command of 100,000 characters used to stall the process for seconds).
 */
export function closestWord(word: string, candidates: readonly string[]): string | undefined {
  if (word.length > LONGEST_TYPO) return undefined;
  const limit = word.length <= 3 ? 1 : 2;
  const lower = word.toLowerCase();
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - lower.length) > limit) continue;
    const distance = editDistance(lower, candidate);
    if (distance <= limit && (!best || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate;
}
