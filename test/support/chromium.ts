import { existsSync } from 'node:fs';
import { describe, it } from 'vitest';

/** Debian's chromium package (`apt-get install -y chromium`); CHROMIUM_PATH for another. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumRequired = process.env.REQUIRE_CHROMIUM === '1';

/**
 * A suite that drives a real headless Chromium. Without one it is skipped, saying so — or, with
 * REQUIRE_CHROMIUM=1 (CI), replaced by a failing test that says why.
 */
export function describeWithChromium(name: string, body: () => void): void {
  const present = existsSync(chromiumPath);
  if (!present && chromiumRequired) {
    describe(name, () => {
      it('needs Chromium', () => {
        throw new Error(`REQUIRE_CHROMIUM=1 but there is no Chromium at ${chromiumPath}: apt-get install -y chromium`);
      });
    });
    return;
  }
  if (!present)
    process.stderr.write(`skipping "${name}": no Chromium at ${chromiumPath} (apt-get install -y chromium)\n`);
  describe.skipIf(!present)(name, body);
}
