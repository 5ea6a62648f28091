// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Velocity writes references as ${name}; these strings are Velocity templates, not JavaScript ones
import { describe, expect, it } from 'vitest';
import { renderTemplate } from '../gen/gen-render.ts';
import { renderTorna } from './torna-messages.ts';
import { velocityToLiquid } from './torna-velocity.ts';

const liquid = (source: string) => {
  const result = velocityToLiquid(source);
  if (!result.ok) throw new Error(`untranslatable: ${result.reasons.map((r) => renderTorna(r)).join('; ')}`);
  return result.liquid;
};
/** Why a template has no Liquid form, as the English report (and the template's own note) says it. */
const reasons = (source: string) => {
  const result = velocityToLiquid(source);
  return result.ok ? [] : result.reasons.map((reason) => renderTorna(reason));
};
const field = (name: string, type: string, required = true) => ({
  name,
  type,
  typeName: '',
  required,
  maxLength: '',
  example: `${name}-ex`,
  description: `${name} 描述`,
  enumValues: [],
  children: [],
});
const context = {
  doc: {
    name: '获取商品',
    url: '/goods/{id}',
    httpMethod: 'POST',
    queryParams: [field('lang', 'string'), field('page', 'number', false)],
    headerParams: [field('X-Token', 'string')],
    responseParams: [field('code', 'number'), field('msg', 'string', false)],
    requestExample: '{"a":1}',
  },
};
const render = (source: string) => renderTemplate(liquid(source), context);

describe('Velocity to Liquid', () => {
  it('translates references in every form', async () => {
    expect(liquid('$doc.name ${doc.url} $!doc.author $!{doc.httpMethod}')).toBe(
      '{{ doc.name }} {{ doc.url }} {{ doc.author }} {{ doc.httpMethod }}',
    );
    expect(await render('${doc.name}: $doc.url')).toBe('获取商品: /goods/{id}');
    // A `$` or `#` that starts nothing Velocity knows stays text, as in Velocity; escapes print the character.
    expect(await render('cost: 5$ #fff \\$doc.name \\#if')).toBe('cost: 5$ #fff $doc.name #if');
  });

  it('translates #if / #elseif / #else / #end with comparisons, && and ||', async () => {
    const source =
      "#if($doc.httpMethod == 'GET')get#elseif($doc.httpMethod == \"POST\" && $doc.name != '')post#else other#end";
    expect(liquid(source)).toBe(
      "{% if doc.httpMethod == 'GET' %}get{% elsif doc.httpMethod == 'POST' and doc.name != '' %}post{% else %} other{% endif %}",
    );
    expect(await render(source)).toBe('post');
    expect(await render('#if(${doc.httpMethod} == "PUT" || ${doc.httpMethod} == "POST")write#end')).toBe(
      'write',
    );
    // "${x}" in a condition compares x as text: Torna's templates write it that way.
    expect(await render('#if( "${doc.name}" != "" )has name#end')).toBe('has name');
    expect(await render('#if(!$doc.author)no author#end')).toBe('no author');
  });

  it('translates #foreach with $velocityCount and $foreach, and gobbles lines holding only a directive', async () => {
    const source = [
      'fields:',
      '#foreach($p in $doc.responseParams)',
      '  $velocityCount. ${p.name} ($p.type)#if($p.require) *#end',
      '#end',
      'end',
    ].join('\n');
    expect(await render(source)).toBe('fields:\n  1. code (number) *\n  2. msg (string)\nend');
    expect(await render('#foreach($q in $doc.queryParams)$q.name#if($foreach.hasNext)&#end#end')).toBe(
      'lang&page',
    );
    expect(await render('#foreach($i in [1..3])$i#end')).toBe('123');
  });

  it('builds Torna’s $doc.queryString from the query params', async () => {
    expect(await render('curl "${doc.url}?${doc.queryString}"')).toBe(
      'curl "/goods/{id}?lang=lang-ex&page=page-ex"',
    );
  });

  it('drops comments and prints text that looks like Liquid as text', async () => {
    expect(await render('## a note\na#* block\ncomment *#b')).toBe('ab');
    // A Vue template's {{ }} and {% %} are output, not Liquid.
    expect(await render('<span>{{ row.name }}</span> {% raw %} ${doc.name}')).toBe(
      '<span>{{ row.name }}</span> {% raw %} 获取商品',
    );
    expect(await render('#[[ $not.a.reference #if ]]#')).toBe(' $not.a.reference #if ');
  });

  it('refuses what has no safe Liquid form, with the reasons', () => {
    expect(reasons('#set($x = 1)$x')).toEqual(['#set has no Liquid form']);
    expect(reasons('#macro(m)x#end')).toEqual(['#macro has no Liquid form']);
    expect(reasons('$sys.uuid')).toEqual(['$sys is not in Quire’s context']);
    expect(reasons('$doc.docKey')).toEqual(['$doc.docKey has no counterpart in Quire’s context']);
    expect(reasons('$doc.name.toUpperCase()')).toEqual(['method call .toUpperCase(…) has no Liquid form']);
    expect(reasons('#if($doc.a && $doc.b || $doc.c)x#end')[0]).toContain('has no counterpart');
    expect(reasons('#if($doc.name && $doc.url || $doc.author)x#end')).toEqual([
      'a condition mixing && and || has no Liquid form (Liquid reads and/or right to left)',
    ]);
    expect(reasons('#if(($doc.name))x#end')[0]).toContain('grouped conditions');
    expect(reasons('#if($doc.name)x')).toEqual(['1 block(s) not closed with #end']);
    expect(reasons('x#end')).toEqual(['#end without a block']);
    expect(reasons('#foreach($p in $doc.responseParams)$p.enumInfo#end')).toEqual([
      'the param property "enumInfo" has no counterpart in Quire’s context',
    ]);
  });

  it('keeps `.size()` as Liquid’s size', async () => {
    expect(await render('$doc.queryParams.size()')).toBe('2');
  });
});
