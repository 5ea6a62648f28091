import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bodyFor,
  dingtalkSignedUrl,
  escapeForKind,
  feishuSignedBody,
  type HookMessage,
  renderTemplate,
  robotAccepted,
  signatureOf,
  urlHintOf,
} from './webhook-payload.ts';

const message: HookMessage = {
  event: 'doc.update',
  text: 'hello',
  project: { id: 'p', name: 'Shop' },
  application: { id: 'm', name: 'Orders' },
  modifier: 'alice',
  remark: '',
  time: '2026-11-25T01:00:00.000Z',
  docs: [],
};

describe('webhook payloads', () => {
  it("fills Torna's placeholders and leaves unknown ones as written", () => {
    expect(
      renderTemplate('{modifier} {modifyType} {docName} {nope}', {
        modifier: 'a',
        modifyType: 'b',
        docName: 'c',
      }),
    ).toBe('a b c {nope}');
  });

  it('shapes the body for each kind', () => {
    expect(JSON.parse(bodyFor('dingtalk', 'd', message))).toEqual({
      msgtype: 'text',
      text: { content: 'hello' },
    });
    expect(JSON.parse(bodyFor('feishu', 'd', message))).toEqual({
      msg_type: 'text',
      content: { text: 'hello' },
    });
    expect(JSON.parse(bodyFor('slack', 'd', message))).toEqual({ text: 'hello' });
    expect(JSON.parse(bodyFor('generic', 'd1', message))).toMatchObject({ id: 'd1', event: 'doc.update' });
  });

  it('escapes texts for each kind', () => {
    expect(escapeForKind('slack', 'a & <!channel> <https://x|y>')).toBe(
      'a &amp; &lt;!channel&gt; &lt;https://x|y&gt;',
    );
    const feishu = escapeForKind('feishu', '<at user_id="all"></at> @all ＠all [l](javascript:x) [r][1]');
    expect(feishu).not.toMatch(/<at|@all|＠all|\]\(|\]\[/);
    expect(feishu.replaceAll('\u200b', '')).toBe(
      '<at user_id="all"></at> @all ＠all [l](javascript:x) [r][1]',
    );
    expect(escapeForKind('dingtalk', '@所有人')).not.toContain('@所有人');
    expect(escapeForKind('wecom', '<@userid>')).not.toContain('<@');
    expect(escapeForKind('generic', '<!channel>')).toBe('<!channel>');
  });

  it('signs the raw body with HMAC-SHA256', () => {
    const expected = createHmac('sha256', 'k').update('{"a":1}').digest('hex');
    expect(signatureOf('k', '{"a":1}')).toBe(`sha256=${expected}`);
  });

  it("signs DingTalk URLs and Feishu bodies the robots' way", () => {
    const url = new URL(dingtalkSignedUrl('https://oapi.dingtalk.com/robot/send?access_token=t', 's', 1000));
    expect(url.searchParams.get('access_token')).toBe('t');
    expect(url.searchParams.get('sign')).toBe(createHmac('sha256', 's').update('1000\ns').digest('base64'));
    const body = JSON.parse(feishuSignedBody('{"msg_type":"text"}', 's', 10));
    expect(body).toMatchObject({ timestamp: '10', msg_type: 'text' });
    expect(body.sign).toBe(createHmac('sha256', '10\ns').update('').digest('base64'));
  });

  it('reads robot error codes and hides URL queries', () => {
    expect(robotAccepted('dingtalk', '{"errcode":0}')).toBe(true);
    expect(robotAccepted('wecom', '{"errcode":93000}')).toBe(false);
    expect(robotAccepted('generic', 'anything')).toBe(true);
    expect(urlHintOf('https://oapi.dingtalk.com/robot/send?access_token=secret')).toBe(
      'https://oapi.dingtalk.com/robot/send?…',
    );
    expect(urlHintOf('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=secret')).toBe(
      'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?…',
    );
  });

  it("masks Slack's and Feishu's path tokens in the hint, also in hints stored unmasked", () => {
    const slack = 'https://hooks.slack.com/services/T0ABCDEF12/B0ABCDEF34/abcdefghijklmnopqrstuvwx';
    expect(urlHintOf(slack)).toBe('https://hooks.slack.com/services/…/…/…');
    const feishu = 'https://open.feishu.cn/open-apis/bot/v2/hook/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';
    expect(urlHintOf(feishu)).toBe('https://open.feishu.cn/open-apis/bot/v2/hook/…');
    expect(urlHintOf('https://user:pw@example.test/hook')).toBe('https://…@example.test/hook');
    // A hint is masked again safely: what was stored before is shown masked, a masked hint stays as is.
    expect(urlHintOf(urlHintOf(slack))).toBe(urlHintOf(slack));
    expect(urlHintOf('https://oapi.dingtalk.com/robot/send?…')).toBe(
      'https://oapi.dingtalk.com/robot/send?…',
    );
  });
});
