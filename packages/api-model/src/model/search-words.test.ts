import { describe, expect, it } from 'vitest';
import { searchWordsOf, wordsOf } from './search-words.ts';

describe('search words', () => {
  it('keeps letters and digits as lower-cased words and turns the rest into single spaces', () => {
    expect(wordsOf('/api/Orders/{id}?page_size=2')).toBe('api orders id page size 2');
    expect(wordsOf('  Crème brûlée, v2.1 ')).toBe('crème brûlée v2 1');
    expect(wordsOf('%_"')).toBe('');
  });

  it('stands every Chinese, Japanese and Korean character alone', () => {
    expect(wordsOf('查询订单列表')).toBe('查 询 订 单 列 表');
    expect(wordsOf('用户ID获取')).toBe('用 户 id 获 取');
    expect(wordsOf('ユーザー 회원')).toBe('ユ ー ザ ー 회 원');
  });

  it('gives camelCase words whole and in parts', () => {
    expect(wordsOf('ownerId')).toBe('ownerid owner id');
    expect(wordsOf('getHTTPServer v2Api')).toBe('gethttpserver get http server v2api v2 api');
    expect(wordsOf('Orders USER_ID')).toBe('orders user id');
  });

  it('writes the name, the URL and the search text on three lines', () => {
    expect(searchWordsOf('Get\nuser', '/users/{id}', 'get user 用户')).toBe(
      'get user\nusers id\nget user 用 户',
    );
  });
});
