/**
 * A configuration that cannot be used, with every problem found, so an operator fixes the whole
 * setup in one go. The loader (src/config.ts) collects these from each section it reads.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration is incomplete:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee README.md, section "Configuration".`);
    this.name = 'ConfigError';
  }
}
