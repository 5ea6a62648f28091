import { describe, expect, it } from 'vitest';
import { newApiDoc } from './api-doc.ts';
import { mapDocHtml } from './doc-html.ts';
import { plainText, searchTextOf } from './search-text.ts';

describe('HTML fields of a doc', () => {
  const doc = newApiDoc('Users', {
    url: '/users',
    description: '<b>list</b>',
    responseParams: [
      {
        name: 'data',
        type: 'object',
        description: '<i>d</i>',
        children: [{ name: 'id', description: '<u>x</u>' }],
      },
    ],
    errorCodeParams: [{ code: '1', description: '<s>a</s>', solution: '<p>b</p>' }],
  });

  it('maps the description, param descriptions and error codes, not names or examples', () => {
    const upper = mapDocHtml(doc, (html) => html.toUpperCase());
    expect(upper.description).toBe('<B>LIST</B>');
    expect(upper.responseParams[0]?.description).toBe('<I>D</I>');
    expect(upper.responseParams[0]?.children[0]?.description).toBe('<U>X</U>');
    expect(upper.errorCodeParams[0]).toMatchObject({ description: '<S>A</S>', solution: '<P>B</P>' });
    expect(upper.responseParams[0]?.name).toBe('data');
    expect(doc.description).toBe('<b>list</b>');
  });

  it('leaves the description of Markdown docs alone', () => {
    const markdown = { ...doc, type: 3 as const, description: '<script>x</script>' };
    expect(mapDocHtml(markdown, () => '').description).toBe('<script>x</script>');
  });

  it('extracts lower-case search text without tags', () => {
    expect(plainText('<p>a &amp; b</p>\n<br>c')).toBe('a & b c');
    expect(searchTextOf(doc)).toBe('users get /users list data d id x 1 a');
  });

  it('holds each name and description once in the search text, however often the rows repeat it', () => {
    const owner = { name: 'owner', type: 'object', description: 'The owner', children: [{ name: 'login' }] };
    const repeated = newApiDoc('Repos', {
      url: '/repos',
      responseParams: [owner, { ...owner, name: 'parent', children: [owner] }],
    });
    expect(searchTextOf(repeated)).toBe('repos get /repos owner the owner login parent');
  });
});
