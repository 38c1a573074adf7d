import { ImportFileError } from './files.js';

/**
 * The elements of a JSON document's top-level array, parsed one at a time as the text streams in
 * (Estonia's general-data file is a single array of several hundred MB). Only one element's text
 * is held at once. A document that ends inside the array is truncated.
 */
export async function* arrayElements(chunks: AsyncIterable<string>, what: string): AsyncGenerator<unknown> {
  let started = false;
  let ended = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let element = '';
  for await (const chunk of chunks) {
    let from = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (!started) {
        if (c === '[') {
          started = true;
          from = i + 1;
        } else if (!/\s|\uFEFF/.test(c)) throw new ImportFileError(`${what} is not a JSON array`);
        continue;
      }
      if (ended) {
        if (!/\s/.test(c)) throw new ImportFileError(`${what} has text after its array`);
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') inString = false;
        continue;
      }
      if (c === '"') inString = true;
      else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        if (depth === 0) {
          // The array's own end.
          element += chunk.slice(from, i);
          if (element.trim()) yield parse(element, what);
          element = '';
          ended = true;
          continue;
        }
        depth--;
      } else if (c === ',' && depth === 0) {
        element += chunk.slice(from, i);
        yield parse(element, what);
        element = '';
        from = i + 1;
      }
    }
    if (started && !ended) element += chunk.slice(from);
  }
  if (!ended) throw new ImportFileError(`${what} ends before its array is closed; the file is truncated`);
}

function parse(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ImportFileError(`${what} holds an element that is not valid JSON; the file may be damaged`);
  }
}
