/**
 * The YAML the Slack manifests are written in, read into plain values: block mappings and sequences,
 * plain, single- and double-quoted scalars, folded and literal block scalars (`>-`, `|`), comments,
 * `[]` and `{}`. Anything else (anchors, tags, flow collections with content, tabs) is refused with
 * its line number rather than read wrongly, so a manifest edited past this subset fails its test.
 */

interface Line {
  indent: number;
  /** Without indentation and comment. */
  text: string;
  /** 1-based, for messages. */
  number: number;
}

export class YamlSubsetError extends Error {
  constructor(message: string, line?: number) {
    super(line === undefined ? message : `line ${line}: ${message}`);
    this.name = 'YamlSubsetError';
  }
}

/** The text before a comment: `#` at the start or after a space, outside quotes. */
function withoutComment(text: string): string {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") {
      // A quote only opens a quoted scalar at the start of a value.
      if (i === 0 || /[\s:[{,-]/.test(text[i - 1]!)) quote = ch;
    } else if (ch === '#' && (i === 0 || /\s/.test(text[i - 1]!))) {
      return text.slice(0, i).trimEnd();
    }
  }
  return text.trimEnd();
}

/** The position of the `:` that ends a mapping key (followed by a space or the end), outside quotes; -1 when none. */
function keyColon(text: string): number {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if ((ch === '"' || ch === "'") && i === 0) {
      quote = ch;
    } else if (ch === ':' && (i + 1 === text.length || text[i + 1] === ' ')) {
      return i;
    }
  }
  return -1;
}

function scalar(raw: string, line: number): unknown {
  const text = raw.trim();
  if (text.startsWith('"')) {
    if (!text.endsWith('"') || text.length < 2)
      throw new YamlSubsetError(`unterminated double-quoted scalar ${text}`, line);
    try {
      return JSON.parse(text) as string;
    } catch {
      throw new YamlSubsetError(`double-quoted scalar with an escape this reader does not know: ${text}`, line);
    }
  }
  if (text.startsWith("'")) {
    if (!text.endsWith("'") || text.length < 2)
      throw new YamlSubsetError(`unterminated single-quoted scalar ${text}`, line);
    return text.slice(1, -1).replaceAll("''", "'");
  }
  if (text === '[]') return [];
  if (text === '{}') return {};
  if (/^[[{&*!|>%@`]/.test(text)) throw new YamlSubsetError(`unsupported YAML: ${text}`, line);
  if (text === '' || text === '~' || text === 'null') return null;
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

class Reader {
  private index = 0;
  private readonly lines: Array<Line | undefined>;

  constructor(private readonly raw: string[]) {
    this.lines = raw.map((text, i) => {
      const indentation = /^[ \t]*/.exec(text)![0];
      const content = withoutComment(text.slice(indentation.length));
      if (!content) return undefined;
      if (indentation.includes('\t')) throw new YamlSubsetError('tab in indentation', i + 1);
      return { indent: indentation.length, text: content, number: i + 1 };
    });
  }

  /** The next line with content, without taking it. */
  peek(): Line | undefined {
    while (this.index < this.lines.length && !this.lines[this.index]) this.index++;
    return this.lines[this.index];
  }

  take(): Line {
    const line = this.peek();
    if (!line) throw new YamlSubsetError('unexpected end of input');
    this.index++;
    return line;
  }

  /** Reads `- key: value` as if `key: value` stood on its own line at the item's column. */
  replaceCurrent(line: Line): void {
    this.lines[this.index] = line;
  }

  document(): unknown {
    const first = this.peek();
    if (!first) return null;
    const value = this.block(first.indent);
    const extra = this.peek();
    if (extra) throw new YamlSubsetError(`unexpected indentation of "${extra.text}"`, extra.number);
    return value;
  }

  private block(indent: number): unknown {
    const line = this.peek();
    if (!line || line.indent < indent) return null;
    return isItem(line.text) ? this.sequence(line.indent) : this.mapping(line.indent);
  }

  private sequence(indent: number): unknown[] {
    const items: unknown[] = [];
    for (let line = this.peek(); line && line.indent === indent && isItem(line.text); line = this.peek()) {
      const rest = line.text.slice(1).trimStart();
      if (!rest) {
        this.take();
        const next = this.peek();
        items.push(next && next.indent > indent ? this.block(next.indent) : null);
      } else if (keyColon(rest) > 0 || isItem(rest)) {
        this.replaceCurrent({ indent: indent + (line.text.length - rest.length), text: rest, number: line.number });
        items.push(this.block(indent + 1));
      } else {
        this.take();
        items.push(scalar(rest, line.number));
      }
    }
    return items;
  }

  private mapping(indent: number): Record<string, unknown> {
    const map: Record<string, unknown> = {};
    for (let line = this.peek(); line && line.indent === indent && !isItem(line.text); line = this.peek()) {
      this.take();
      const colon = keyColon(line.text);
      if (colon <= 0) throw new YamlSubsetError(`expected "key: value", found "${line.text}"`, line.number);
      const key = scalar(line.text.slice(0, colon), line.number);
      if (typeof key !== 'string')
        throw new YamlSubsetError(`key that is not text: ${line.text.slice(0, colon)}`, line.number);
      if (Object.hasOwn(map, key)) throw new YamlSubsetError(`key "${key}" given twice`, line.number);
      const rest = line.text.slice(colon + 1).trim();
      if (/^[>|][-+]?$/.test(rest)) {
        map[key] = this.blockScalar(rest, indent, line.number);
      } else if (rest) {
        map[key] = scalar(rest, line.number);
      } else {
        const next = this.peek();
        // A sequence may sit at its key's own column.
        map[key] =
          next && (next.indent > indent || (next.indent === indent && isItem(next.text)))
            ? this.block(next.indent)
            : null;
      }
      const after = this.peek();
      if (after && after.indent > indent)
        throw new YamlSubsetError(`unexpected indentation of "${after.text}"`, after.number);
    }
    return map;
  }

  /** `>` folds lines into one (a blank line is a line break), `|` keeps them; `-` drops the final newline, `+` keeps all. */
  private blockScalar(header: string, parentIndent: number, headerLine: number): string {
    const body: string[] = [];
    let contentIndent: number | undefined;
    let i = headerLine; // the raw line after the header (0-based index of the next line)
    for (; i < this.raw.length; i++) {
      const text = this.raw[i]!;
      if (text.trim() === '') {
        body.push('');
        continue;
      }
      const indent = /^ */.exec(text)![0].length;
      if (indent <= parentIndent) break;
      contentIndent ??= indent;
      if (indent < contentIndent)
        throw new YamlSubsetError('block scalar line less indented than its first line', i + 1);
      body.push(text.slice(contentIndent));
    }
    while (this.index < i) this.index++;
    let trailingBlank = 0;
    while (body.length && body.at(-1) === '') {
      body.pop();
      trailingBlank++;
    }
    let text = header.startsWith('>')
      ? body.reduce(
          (folded, line, n) =>
            n === 0 ? line : line === '' ? `${folded}\n` : folded.endsWith('\n') ? folded + line : `${folded} ${line}`,
          '',
        )
      : body.join('\n');
    if (header.endsWith('+')) text += '\n'.repeat(trailingBlank + 1);
    else if (!header.endsWith('-')) text += '\n';
    return text;
  }
}

function isItem(text: string): boolean {
  return text === '-' || text.startsWith('- ');
}

export function parseYaml(source: string): unknown {
  return new Reader(source.replace(/\r\n?/g, '\n').split('\n')).document();
}
