/*
 * Torna's code templates are Apache Velocity; Quire's are Liquid (modules/gen/gen-render.ts, context in
 * modules/gen/gen-context.ts). This translates the Velocity a Torna template commonly holds into Liquid and says
 * why when it cannot: references (`$a.b`, `${a.b}`, `$!a`), `#if/#elseif/#else/#end`, `#foreach($x in $list)`
 * with `$velocityCount` / `$foreach.count`, comments, escapes and `#[[unparsed]]#`. Lines holding only a
 * directive disappear, as with Velocity's line gobbling. What has no safe Liquid form (`#set`, macros, method
 * calls, `$sys`, grouped or mixed and/or conditions) makes the whole template untranslatable: the import brings
 * it disabled, with the reasons, for a rewrite.
 */

import type { TornaText } from '@quire/shared';
import { messageKey, velocityReason } from './torna-messages.ts';

/** A translation, or why there is none (keys of the `tornaReport` pack: torna-messages.ts). */
export type VelocityResult = { ok: true; liquid: string } | { ok: false; reasons: TornaText[] };

/** Fields of `doc` in Quire's context that Torna's `$doc` had under the same name. */
const DOC_FIELDS = new Set([
  'name',
  'description',
  'url',
  'httpMethod',
  'contentType',
  'author',
  'isRequestArray',
  'isResponseArray',
  'pathParams',
  'headerParams',
  'queryParams',
  'requestParams',
  'responseParams',
  'requestExample',
  'responseExample',
]);
/** Fields of a param in Quire's context; Torna's boolean `require` is Quire's `required`. */
const FIELD_FIELDS = new Set(['name', 'type', 'required', 'maxLength', 'example', 'description', 'children']);
const FIELD_RENAMES: Record<string, string> = { require: 'required' };
/** Torna's `$doc.queryString` (`a=example&b=example`), built from the query params in Liquid. */
const QUERY_STRING =
  '{% for q in doc.queryParams %}{{ q.name }}={{ q.example }}{% unless forloop.last %}&{% endunless %}{% endfor %}';
const UNSUPPORTED = new Set(['set', 'macro', 'parse', 'include', 'break', 'stop', 'define', 'evaluate']);
const IDENT = /^[A-Za-z][\w-]*/;

interface Block {
  kind: 'if' | 'unless' | 'for';
  variable?: string;
}

class Untranslatable extends Error {}

export function velocityToLiquid(source: string): VelocityResult {
  const reasons = new Map<string, TornaText>();
  const out: string[] = [];
  let text = '';
  // What the current output line holds so far: a directive alone on its line is gobbled.
  let line = '';
  const addText = (value: string) => {
    text += value;
    const nl = value.lastIndexOf('\n');
    line = nl < 0 ? line + value : value.slice(nl + 1);
  };
  const blocks: Block[] = [];
  const loopVars = (): string[] => blocks.filter((b) => b.kind === 'for').map((b) => b.variable as string);
  const fail = (reason: TornaText): never => {
    reasons.set(messageKey(reason), reason);
    throw new Untranslatable(reason.key);
  };

  const flushText = () => {
    if (!text) return;
    // Liquid delimiters in the output (a Vue template's `{{ }}`) are printed as strings, not read as Liquid.
    out.push(text.replace(/\{(?=[{%])|\{$/g, "{{ '{' }}"));
    text = '';
  };
  const emit = (liquid: string, gobbled = false) => {
    flushText();
    out.push(liquid);
    line = gobbled ? '' : `${line}x`;
  };

  /** A reference path (`doc.requestParams`, `p.children[0]`) in Liquid, checked against Quire's context. */
  const translatePath = (parts: string[], inCondition: boolean): string => {
    const [root = '', ...rest] = parts;
    if (root === 'velocityCount' && rest.length === 0) return 'forloop.index';
    if (root === 'foreach') {
      const prop = rest.join('.');
      const map: Record<string, string> = {
        count: 'forloop.index',
        index: 'forloop.index0',
        first: 'forloop.first',
        last: 'forloop.last',
      };
      if (map[prop]) return map[prop];
      if (prop === 'hasNext' && inCondition) return 'forloop.last == false';
      return fail(velocityReason('velocity.foreach_property', prop));
    }
    if (root === 'doc') {
      const [field = '', ...deeper] = rest;
      if (!field) return fail(velocityReason('velocity.doc_whole'));
      if (field === 'queryString' && deeper.length === 0 && !inCondition) return QUERY_STRING;
      if (!DOC_FIELDS.has(field)) return fail(velocityReason('velocity.doc_field', field));
      return ['doc', field, ...fieldPath(deeper)].join('.').replace(/\.\[/g, '[');
    }
    if (loopVars().includes(root)) return [root, ...fieldPath(rest)].join('.').replace(/\.\[/g, '[');
    return fail(velocityReason('velocity.unknown_root', `$${root}`));
  };
  const fieldPath = (rest: string[]): string[] =>
    rest.map((part) => {
      if (part.startsWith('[') || part === 'size') return part;
      const name = FIELD_RENAMES[part] ?? part;
      if (!FIELD_FIELDS.has(name)) fail(velocityReason('velocity.param_property', part));
      return name;
    });

  /** Reads a reference at `at` (on a `$`); answers its path parts and where it ends. */
  const readReference = (s: string, at: number): { parts: string[]; end: number; quiet: boolean } | null => {
    let i = at + 1;
    const quiet = s[i] === '!';
    if (quiet) i++;
    const braced = s[i] === '{';
    if (braced) i++;
    const head = IDENT.exec(s.slice(i));
    if (!head) return null;
    const parts = [head[0]];
    i += head[0].length;
    for (;;) {
      if (s[i] === '.' && IDENT.test(s.slice(i + 1))) {
        const name = (IDENT.exec(s.slice(i + 1)) as RegExpExecArray)[0];
        i += 1 + name.length;
        if (s[i] === '(') {
          if (s.startsWith('()', i) && name === 'size') {
            parts.push('size');
            i += 2;
            continue;
          }
          fail(velocityReason('velocity.method_call', name));
        }
        parts.push(name);
      } else if (s[i] === '[' && /^\[\d+\]/.test(s.slice(i))) {
        const index = (/^\[\d+\]/.exec(s.slice(i)) as RegExpExecArray)[0];
        parts.push(index);
        i += index.length;
      } else break;
    }
    if (braced) {
      if (s[i] !== '}') return null;
      i++;
    }
    return { parts, end: i, quiet };
  };

  /** A Velocity condition as a Liquid one. */
  const translateCondition = (expr: string): string => {
    const tokens: string[] = [];
    let i = 0;
    const ops: Record<string, string> = {
      '&&': 'and',
      '||': 'or',
      and: 'and',
      or: 'or',
      '==': '==',
      '!=': '!=',
      '>=': '>=',
      '<=': '<=',
      '>': '>',
      '<': '<',
      eq: '==',
      ne: '!=',
      gt: '>',
      lt: '<',
      ge: '>=',
      le: '<=',
    };
    while (i < expr.length) {
      const c = expr[i] as string;
      if (/\s/.test(c)) {
        i++;
        continue;
      }
      if (c === '$') {
        const ref = readReference(expr, i);
        if (!ref) fail(velocityReason('velocity.condition_unreadable', expr));
        tokens.push(translatePath((ref as NonNullable<typeof ref>).parts, true));
        i = (ref as NonNullable<typeof ref>).end;
        continue;
      }
      if (c === '"' || c === "'") {
        const close = expr.indexOf(c, i + 1);
        if (close < 0) fail(velocityReason('velocity.unclosed_string', expr));
        const body = expr.slice(i + 1, close);
        if (c === '"' && body.includes('$')) {
          // "${x}" is Velocity's way to compare x as text: the reference itself in Liquid.
          const ref = readReference(body, 0);
          if (!ref || ref.end !== body.length) fail(velocityReason('velocity.text_with_references', body));
          tokens.push(translatePath((ref as NonNullable<typeof ref>).parts, true));
        } else tokens.push(`'${body.replace(/'/g, '')}'`);
        i = close + 1;
        continue;
      }
      const two = expr.slice(i, i + 2);
      if (ops[two]) {
        tokens.push(ops[two] as string);
        i += 2;
        continue;
      }
      if (c === '>' || c === '<') {
        tokens.push(c);
        i++;
        continue;
      }
      const word = /^[A-Za-z]+|^-?\d+(\.\d+)?/.exec(expr.slice(i));
      if (word) {
        const w = word[0];
        if (ops[w]) tokens.push(ops[w] as string);
        else if (w === 'true' || w === 'false' || /^-?\d/.test(w)) tokens.push(w);
        else if (w === 'null') tokens.push('nil');
        else fail(velocityReason('velocity.condition_word', w));
        i += w.length;
        continue;
      }
      if (c === '!') fail(velocityReason('velocity.negation'));
      if (c === '(' || c === ')') fail(velocityReason('velocity.grouped'));
      fail(velocityReason('velocity.condition_unreadable', expr));
    }
    if (tokens.includes('and') && tokens.includes('or')) fail(velocityReason('velocity.mixed'));
    if (tokens.length === 0) fail(velocityReason('velocity.empty_condition'));
    return tokens.join(' ');
  };

  /** The parenthesised argument of a directive at `at` (on the `(`); answers its text and where it ends. */
  const readArgs = (s: string, at: number): { args: string; end: number } => {
    let depth = 0;
    let quote = '';
    for (let i = at; i < s.length; i++) {
      const c = s[i];
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return { args: s.slice(at + 1, i), end: i + 1 };
    }
    return fail(velocityReason('velocity.unclosed_parentheses'));
  };

  /** True when nothing but blanks was output on the current line. */
  const lineStartBlank = () => /^[ \t]*$/.test(line);
  const dropIndent = () => {
    text = text.replace(/[ \t]*$/, '');
    line = '';
  };

  const s = source.replace(/\r\n/g, '\n');
  let i = 0;
  try {
    while (i < s.length) {
      const c = s[i] as string;
      if (c === '\\' && (s[i + 1] === '$' || s[i + 1] === '#')) {
        addText(s[i + 1] as string);
        i += 2;
        continue;
      }
      if (c === '#' && s[i + 1] === '#') {
        const eol = s.indexOf('\n', i);
        const blank = lineStartBlank();
        if (blank) dropIndent();
        i = eol < 0 ? s.length : blank ? eol + 1 : eol;
        continue;
      }
      if (c === '#' && s[i + 1] === '*') {
        const close = s.indexOf('*#', i + 2);
        i = close < 0 ? s.length : close + 2;
        continue;
      }
      if (c === '#' && s[i + 1] === '[' && s[i + 2] === '[') {
        const close = s.indexOf(']]#', i + 3);
        const body = s.slice(i + 3, close < 0 ? s.length : close);
        flushText();
        out.push(`{% raw %}${body}{% endraw %}`);
        line += 'x';
        i = close < 0 ? s.length : close + 3;
        continue;
      }
      if (c === '#') {
        const braced = s[i + 1] === '{';
        const head = IDENT.exec(s.slice(i + (braced ? 2 : 1)));
        const name = head?.[0] ?? '';
        const known = ['if', 'elseif', 'else', 'end', 'foreach'].includes(name);
        if (!known && !UNSUPPORTED.has(name)) {
          addText(c);
          i++;
          continue;
        }
        if (UNSUPPORTED.has(name)) fail(velocityReason('velocity.unsupported', name));
        let end = i + (braced ? 2 : 1) + name.length;
        if (braced) {
          if (s[end] !== '}') fail(velocityReason('velocity.unclosed_brace', name));
          end++;
        }
        let args = '';
        if (name === 'if' || name === 'elseif' || name === 'foreach') {
          let at = end;
          while (s[at] === ' ' || s[at] === '\t') at++;
          if (s[at] !== '(') fail(velocityReason('velocity.no_condition', name));
          const read = readArgs(s, at);
          args = read.args;
          end = read.end;
        }
        let liquid: string;
        if (name === 'if') {
          const negated = /^\s*!\s*(\$[^\s&|()]+)\s*$/.exec(args);
          if (negated) {
            liquid = `{% unless ${translateCondition(negated[1] as string)} %}`;
            blocks.push({ kind: 'unless' });
          } else {
            liquid = `{% if ${translateCondition(args)} %}`;
            blocks.push({ kind: 'if' });
          }
        } else if (name === 'elseif') {
          const open = blocks[blocks.length - 1];
          if (open?.kind !== 'if') fail(velocityReason('velocity.elseif_outside'));
          liquid = `{% elsif ${translateCondition(args)} %}`;
        } else if (name === 'else') {
          const open = blocks[blocks.length - 1];
          if (!open) fail(velocityReason('velocity.else_outside'));
          liquid = '{% else %}';
        } else if (name === 'end') {
          const open = blocks.pop();
          if (!open) fail(velocityReason('velocity.end_outside'));
          liquid = `{% end${(open as Block).kind} %}`;
        } else {
          const match = /^\s*\$\{?([A-Za-z][\w-]*)\}?\s+in\s+(.+?)\s*$/.exec(args);
          if (!match) fail(velocityReason('velocity.foreach_form', args));
          const [, variable = '', list = ''] = match as RegExpExecArray;
          const range = /^\[\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*\]$/.exec(list);
          let source: string;
          if (range) source = `(${range[1]}..${range[2]})`;
          else {
            const ref = list.startsWith('$') ? readReference(list, 0) : null;
            if (!ref || ref.end !== list.length) fail(velocityReason('velocity.foreach_list', list));
            source = translatePath((ref as NonNullable<typeof ref>).parts, true);
          }
          liquid = `{% for ${variable} in ${source} %}`;
          blocks.push({ kind: 'for', variable });
        }
        // A directive alone on its line takes the line with it (indentation and newline).
        const eol = s.indexOf('\n', end);
        const restBlank = /^[ \t]*$/.test(s.slice(end, eol < 0 ? s.length : eol));
        const gobble = lineStartBlank() && restBlank;
        if (gobble) {
          dropIndent();
          end = eol < 0 ? s.length : eol + 1;
        }
        emit(liquid, gobble);
        i = end;
        continue;
      }
      if (c === '$') {
        const ref = readReference(s, i);
        if (!ref) {
          addText(c);
          i++;
          continue;
        }
        const path = translatePath(ref.parts, false);
        emit(path.startsWith('{%') ? path : `{{ ${path} }}`);
        i = ref.end;
        continue;
      }
      addText(c);
      i++;
    }
    if (blocks.length > 0) fail(velocityReason('velocity.unclosed_blocks', blocks.length));
  } catch (error) {
    if (!(error instanceof Untranslatable)) throw error;
    return { ok: false, reasons: [...reasons.values()] };
  }
  flushText();
  return { ok: true, liquid: out.join('') };
}
