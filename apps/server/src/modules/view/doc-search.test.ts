import { describe, expect, it } from 'vitest';
import { globContains, searchTerms, tsQuery } from './doc-search.repository.ts';
import { planSearch, tsAll, tsPhrase, wordMatch } from './doc-search-query.ts';

describe('search query building', () => {
  it('splits a query into lower-cased, distinct words, at most eight', () => {
    expect(searchTerms('  List  USERS list ')).toEqual(['list', 'users']);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
    expect(searchTerms('   ')).toEqual([]);
  });

  it('makes every term a literal GLOB substring: its wildcards and classes become one-character classes', () => {
    expect(globContains('/api/users')).toBe('*/api/users*');
    expect(globContains('a*b?c[d]"or')).toBe('*a[*]b[?]c[[]d]"or*');
  });

  it('turns terms into prefix words for the PostgreSQL full-text fallback, dropping punctuation', () => {
    expect(tsQuery(['/api/users', 'createdat'])).toBe('api:* & users:* & createdat:*');
    expect(tsQuery(["o'brien", '用户列表'])).toBe('o:* & brien:* & 用户列表:*');
    expect(tsQuery(['&|!():*'])).toBe('');
  });

  it('looks terms up as words, the last a prefix, CJK characters one by one', () => {
    const plan = planSearch('订单 /api/Ord %');
    expect(plan.words).toEqual([
      ['订', '单'],
      ['api', 'ord'],
    ]);
    expect(plan.long).toEqual(['/api/ord']);
    expect(plan.short).toEqual(['订单', '%']);
    expect(wordMatch(plan.words)).toBe('"订 单" * AND "api ord" *');
    expect(wordMatch([['id']], 'name_words url_words')).toBe('{name_words url_words} : ("id" *)');
    expect(tsPhrase(['api', 'ord'], 'A')).toBe("'api':A <-> 'ord':*A");
    expect(tsAll([['订', '单'], ['id']])).toBe("('订' <-> '单':*) & ('id':*)");
    expect(planSearch('% "').words).toEqual([]);
  });
});
