import { expect } from 'vitest';

/**
 * Script-injection payloads in the style of the OWASP XSS filter-evasion cheat sheet, plus mutation-XSS and
 * scheme tricks. Every one must come out of the sanitizer inert.
 */
export const XSS_PAYLOADS: ReadonlyArray<string> = [
  `<script>alert('XSS')</script>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=javascript:alert('XSS')>`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  `<a onmouseover="alert(document.cookie)">xxs link</a>`,
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>">`,
  `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
  `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  `<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
  `<IMG SRC="jav\tascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`,
  `<IMG SRC=" &#14;  javascript:alert('XSS');">`,
  `<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`,
  `<SCRIPT SRC=http://xss.rocks/xss.js?< B >`,
  `<iframe src=http://xss.rocks/scriptlet.html <`,
  `<svg/onload=alert('XSS')>`,
  `<BODY BACKGROUND="javascript:alert('XSS')">`,
  `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`,
  `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
  `<DIV STYLE="background-image: url(javascript:alert('XSS'))">x</DIV>`,
  `<DIV STYLE="width: expression(alert('XSS'));">x</DIV>`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
  `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
  `<TABLE BACKGROUND="javascript:alert('XSS')"><tr><td>x</td></tr></TABLE>`,
  `<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>`,
  `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIj48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+" type="image/svg+xml">`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<img src="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+">`,
  `<a href="vbscript:msgbox('XSS')">x</a>`,
  `<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
  `<base href="javascript:alert(1)//">`,
  `<a href="&#x6A;avascript:alert(1)">x</a>`,
  `<a href="  javascript:alert(1)">x</a>`,
  `<a href="java\u0000script:alert(1)">x</a>`,
  `<img src="x" style="x:expression(alert(1))">`,
  `<link rel=stylesheet href="javascript:alert(1)">`,
  `<details open ontoggle=alert(1)>x</details>`,
  `<a href="//evil.example/x">protocol-relative</a>`,
  `<p style="color: red; background: url(http://evil.example/x.png)">styled</p>`,
  `<a href="https://example.com" target="_blank" rel="opener">ok</a>`,
];

const ALLOWED_SCHEME = /^(https?|mailto):/i;
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,/i;

/** Fails unless `html` holds nothing that can run script, load a frame or navigate to a script URL. */
export function expectInert(html: string): void {
  const tags = html.match(/<\/?[a-z][^>]*>/gi) ?? [];
  for (const tag of tags) {
    expect(tag, html).not.toMatch(
      /^<\/?(script|style|iframe|object|embed|svg|math|form|input|button|base|meta|link|noscript|body|details|frame|frameset|applet)\b/i,
    );
    expect(tag, html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(tag, html).not.toMatch(/\s(srcdoc|formaction|background|action|data)\s*=/i);
    for (const [, name, value] of tag.matchAll(/\s(href|src)\s*=\s*"([^"]*)"/gi)) {
      const url = (value ?? '').replace(/&#x?[0-9a-f]+;?/gi, '?').trim();
      const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(url)?.[0];
      if (scheme)
        expect(
          ALLOWED_SCHEME.test(url) || (name === 'src' && DATA_IMAGE.test(url)),
          `${tag} in ${html}`,
        ).toBe(true);
      expect(url.startsWith('//'), tag).toBe(false);
    }
    for (const [, style] of tag.matchAll(/\sstyle\s*=\s*"([^"]*)"/gi)) {
      expect(style, tag).not.toMatch(/url\s*\(|expression|javascript|@import/i);
    }
  }
  // Text can mention anything, but never as raw markup: every '<' left is the start of an allowed tag.
  expect(html.replace(/<\/?[a-z][^>]*>/gi, '')).not.toContain('<');
}
