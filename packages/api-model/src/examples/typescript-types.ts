import type { ParamRow } from '../model/param.ts';
import { plainText } from '../model/search-text.ts';

/**
 * TypeScript declarations of a doc's request or response params: one interface per object level, named after
 * the doc and the field path (`GetOrderResponse`, `GetOrderResponseData`). Pure, browser-safe.
 */
export type TypeParam = Pick<ParamRow, 'name' | 'type' | 'required' | 'description' | 'enumContent'> & {
  children?: TypeParam[];
};

// Hostile imports can nest deeply; below this depth a level is typed `unknown`.
const MAX_DEPTH = 32;

/** PascalCase of the ASCII words of `text` (`get order-list` -> `GetOrderList`); "" when it has none. */
export function pascalCase(text: string): string {
  return (text.match(/[A-Za-z0-9]+/g) ?? [])
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('')
    .replace(/^[0-9]+/, '');
}

/** An interface name for a doc: from its name, else its URL, else `Api`. */
export function typeNameOf(docName: string, url: string): string {
  return pascalCase(docName) || pascalCase(url) || 'Api';
}

function propertyKey(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

function enumType(content: string): string {
  const values = content
    .split(/[,，]/)
    .map((v) => v.trim())
    .filter(Boolean);
  return values.length ? values.map((v) => JSON.stringify(v)).join(' | ') : 'string';
}

class Emitter {
  private readonly blocks: string[] = [];
  private readonly taken = new Set<string>();

  private unique(name: string): string {
    let out = name;
    for (let n = 2; this.taken.has(out); n++) out = `${name}${n}`;
    this.taken.add(out);
    return out;
  }

  private typeOf(param: TypeParam, owner: string, depth: number): string {
    const children = param.children ?? [];
    switch (param.type) {
      case 'string':
        return 'string';
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'num_array':
        return 'number[]';
      case 'str_array':
        return 'string[]';
      case 'file':
        return 'Blob';
      case 'file[]':
        return 'Blob[]';
      case 'enum':
        return enumType(param.enumContent);
      case 'object':
        return children.length
          ? this.emit(owner + pascalCase(param.name), children, depth + 1)
          : 'Record<string, unknown>';
      case 'array':
        return children.length
          ? `${this.emit(owner + pascalCase(param.name), children, depth + 1)}[]`
          : 'unknown[]';
      default:
        return 'unknown';
    }
  }

  /** Emits an interface for one level and answers its name. */
  emit(name: string, params: ReadonlyArray<TypeParam>, depth = 0): string {
    if (depth > MAX_DEPTH) return 'unknown';
    const own = this.unique(name || 'Item');
    const index = this.blocks.length;
    this.blocks.push(''); // keeps outer interfaces before the inner ones they use
    const lines = [`export interface ${own} {`];
    for (const param of params) {
      const description = plainText(param.description).replaceAll('*/', '* /');
      if (description) lines.push(`  /** ${description} */`);
      const optional = param.required ? '' : '?';
      lines.push(`  ${propertyKey(param.name)}${optional}: ${this.typeOf(param, own, depth)};`);
    }
    lines.push('}');
    this.blocks[index] = lines.join('\n');
    return own;
  }

  text(): string {
    return this.blocks.join('\n\n');
  }
}

/**
 * Declarations of a param tree named `name`; a root array (`isArray`) adds `type <name>List = <name>[]`, or an
 * array of `elementType` when the elements are not objects.
 */
export function typeScriptOf(
  name: string,
  params: ReadonlyArray<TypeParam>,
  options: { isArray?: boolean; elementType?: string } = {},
): string {
  const emitter = new Emitter();
  if (options.isArray && options.elementType && options.elementType !== 'object') {
    const element = ['number', 'string', 'boolean'].includes(options.elementType)
      ? options.elementType
      : 'unknown';
    return `export type ${name} = ${element}[];`;
  }
  const root = emitter.emit(name, params);
  const list = options.isArray ? `\n\nexport type ${root}List = ${root}[];` : '';
  return emitter.text() + list;
}
