/** `key=value` words to an object; words without `=` are returned separately. */
export function parseKeyValues(words: string[]): { values: Record<string, string>; loose: string[] } {
  const values: Record<string, string> = {};
  const loose: string[] = [];
  for (const word of words) {
    const at = word.indexOf('=');
    if (at > 0) values[word.slice(0, at)] = word.slice(at + 1);
    else loose.push(word);
  }
  return { values, loose };
}

export interface CliFlags {
  demo: boolean;
  help: boolean;
  rest: string[];
}

export function parseFlags(argv: string[]): CliFlags {
  const rest = argv.filter((word) => !['--demo', '--help', '-h'].includes(word));
  return { demo: argv.includes('--demo'), help: argv.includes('--help') || argv.includes('-h'), rest };
}
