import { newApiDoc } from '@quire/api-model';
import { builtinResources } from '@quire/shared/i18n';
import { describe, expect, it } from 'vitest';
import { cases, GEN_LANGUAGES, genContext, typeIn } from './gen-context.ts';
import { checkTemplate, OUTPUT_MAX_CHARS, renderTemplate, TemplateError } from './gen-render.ts';

const doc = newApiDoc('Get user', {
  url: '/users/{user_id}',
  httpMethod: 'GET',
  responseParams: [
    { name: 'user_id', type: 'number', example: 7 },
    { name: 'address', type: 'object', children: [{ name: 'city', type: 'string' }] },
    { name: 'tags', type: 'array', children: [{ name: 'label', type: 'string' }] },
  ],
});

async function failure(template: string, context: object = {}): Promise<TemplateError> {
  try {
    await renderTemplate(template, context);
  } catch (error) {
    if (error instanceof TemplateError) return error;
    throw error;
  }
  throw new Error('rendered');
}

describe('code templates', () => {
  it('converts cases', () => {
    expect(cases.camel_case('user_id')).toBe('userId');
    expect(cases.pascal_case('HTTPServer-name')).toBe('HttpServerName');
    expect(cases.snake_case('userId')).toBe('user_id');
    expect(cases.kebab_case('User Id')).toBe('user-id');
  });

  it('maps types per language', () => {
    const list = { type: 'array', typeName: 'Tag' };
    expect(
      ['ts', 'java', 'kotlin', 'go', 'python', 'csharp'].map((lang) => [
        typeIn({ type: 'number' }, lang),
        typeIn(list, lang),
      ]),
    ).toEqual([
      ['number', 'Tag[]'],
      ['Double', 'List<Tag>'],
      ['Double', 'List<Tag>'],
      ['float64', '[]Tag'],
      ['float', 'list[Tag]'],
      ['double', 'List<Tag>'],
    ]);
    expect(() => typeIn({ type: 'number' }, 'cobol')).toThrow(/unknown language/);
  });

  it('gives the doc, its params as a tree and one entry per nested object', async () => {
    const out = await renderTemplate(
      '{{ doc.functionName }} {{ doc.urlTemplate }}|{% for t in responseTypes %}{{ t.name }}({% for f in t.fields %}{{ f.name | camel_case }}:{{ f | type: "java" }} {% endfor %}){% endfor %}',
      genContext(doc),
    );
    expect(out).toBe(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated code holds a JS template literal
      'getUser /users/${userId}|GetUserResponse(userId:Double address:Address tags:List<Tags> )Address(city:String )Tags(label:String )',
    );
  });

  it('refuses a syntax error with its line and column, and unknown filters', () => {
    expect(() => checkTemplate('ok\n{% for x in y %}')).toThrow(TemplateError);
    try {
      checkTemplate('line one\n  {{ x | shout }}');
    } catch (error) {
      expect(error).toMatchObject({ line: 2, column: 3 });
      expect((error as TemplateError).reason).toContain('undefined filter: shout');
    }
  });

  it('stops hostile templates: huge loops, doubling strings, deep nesting, giant output', async () => {
    expect(
      (await failure('{% for i in (1..100000000) %}{% for j in (1..100000000) %}x{% endfor %}{% endfor %}'))
        .reason,
    ).toMatch(/limit/);
    expect(
      (
        await failure(
          '{% assign s = "xxxxxxxxxx" %}{% for i in (1..60) %}{% assign s = s | append: s %}{% endfor %}{{ s }}',
        )
      ).reason,
    ).toMatch(/limit/);
    const nested = (n: number) => `${'{% if true %}'.repeat(n)}x${'{% endif %}'.repeat(n)}`;
    await expect(renderTemplate(nested(50), {})).resolves.toBe('x');
    expect((await failure(nested(3000))).reason).toBe('blocks nested deeper than 100');
    expect(() => checkTemplate(nested(3000))).toThrow(/nested deeper/);
    const big = `{% for i in (1..${OUTPUT_MAX_CHARS / 10 + 10}) %}0123456789{% endfor %}`;
    expect((await failure(big)).reason).toMatch(/larger than|limit/);
  });

  it('reads nothing outside the context: no files, no object machinery', async () => {
    expect((await failure("{% include 'etc/passwd' %}")).reason).toBeTruthy();
    await expect(
      renderTemplate('[{{ a.constructor }}{{ a.__proto__ }}{{ a.toString }}]', { a: {} }),
    ).resolves.toBe('[]');
  });
});

describe("the template editor's reference", () => {
  // The admin page (apps/web/src/features/gen/components/gen-template-reference.tsx) lists what a template
  // can use from these strings; a filter, language or doc field added here without them fails this test.
  const packs = Object.entries(builtinResources).map(([lang, pack]) => [lang, pack?.genUi] as const);

  it('names every filter and every target language, in each built-in language', () => {
    for (const [lang, genUi] of packs) {
      for (const name of [...Object.keys(cases), 'type', ...GEN_LANGUAGES])
        expect(genUi?.refFilters, `${lang}: ${name}`).toContain(name);
    }
  });

  it('names every field of the doc a template sees', () => {
    const fields = Object.keys(genContext(doc).doc);
    for (const [lang, genUi] of packs) {
      for (const name of fields) expect(genUi?.refDoc, `${lang}: ${name}`).toContain(name);
    }
  });
});
