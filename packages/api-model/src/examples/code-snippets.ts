import type { SampleRequest } from './request-sample.ts';

/**
 * Code that sends a sample request, per language. Every value from a doc is quoted for the target language
 * (a doc's example can hold quotes, backslashes or `$(...)`), so a snippet pasted into a shell or an editor
 * does exactly what it shows. Pure, browser-safe.
 */
export const SNIPPET_LANGUAGES = ['curl', 'fetch', 'axios', 'python', 'okhttp', 'go'] as const;
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number];

/** A shell word in single quotes: nothing inside is expanded. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** A double-quoted string literal valid in JavaScript, Java and Go (JSON escaping is a subset of all three). */
function dq(value: string): string {
  return JSON.stringify(value).replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');
}

/** A single-quoted JavaScript / Python string literal. */
function sq(value: string): string {
  const inner = JSON.stringify(value)
    .slice(1, -1)
    .replaceAll('\\"', '"')
    .replaceAll("'", "\\'")
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
  return `'${inner}'`;
}

/** A JavaScript object literal key: bare when it is an identifier. */
function jsKey(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : sq(key);
}

function indent(text: string, pad: string): string {
  return text.replaceAll('\n', `\n${pad}`);
}

/** A Python literal of a JSON value. */
export function pythonLiteral(value: unknown, pad = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None';
  if (typeof value === 'string') return sq(value);
  const inner = `${pad}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => inner + pythonLiteral(v, inner)).join(',\n')}\n${pad}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${sq(k)}: ${pythonLiteral(v, inner)}`).join(',\n')}\n${pad}}`;
}

function bodyText(request: SampleRequest): string | undefined {
  if (request.body.kind === 'json') return JSON.stringify(request.body.value, null, 2);
  if (request.body.kind === 'form') {
    const encode = (text: string) => encodeURIComponent(text).replaceAll('%20', '+');
    return request.body.fields.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
  }
  return undefined;
}

function curl(r: SampleRequest): string {
  const lines = [`curl -X ${r.method} ${shellQuote(r.url)}`];
  for (const [name, value] of r.headers) lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`);
  if (r.body.kind === 'multipart') {
    for (const f of r.body.fields) {
      lines.push(`  -F ${shellQuote(`${f.name}=${f.file ? `@${f.value || 'file'}` : f.value}`)}`);
    }
  }
  const text = bodyText(r);
  if (text !== undefined) lines.push(`  --data-raw ${shellQuote(text)}`);
  return lines.join(' \\\n');
}

function jsHeaders(r: SampleRequest, pad: string): string {
  return `{\n${r.headers.map(([n, v]) => `${pad}  ${jsKey(n)}: ${sq(v)},`).join('\n')}\n${pad}}`;
}

function jsFormData(r: SampleRequest): string {
  if (r.body.kind !== 'multipart') return '';
  const lines = ['const form = new FormData();'];
  for (const f of r.body.fields) {
    lines.push(
      f.file
        ? `form.append(${sq(f.name)}, fileInput.files[0]); // ${f.value || 'a file'}`
        : `form.append(${sq(f.name)}, ${sq(f.value)});`,
    );
  }
  return `${lines.join('\n')}\n\n`;
}

function fetchSnippet(r: SampleRequest): string {
  const options: string[] = [`  method: ${sq(r.method)},`];
  if (r.headers.length) options.push(`  headers: ${jsHeaders(r, '  ')},`);
  if (r.body.kind === 'json')
    options.push(`  body: JSON.stringify(${indent(JSON.stringify(r.body.value, null, 2), '  ')}),`);
  if (r.body.kind === 'form') options.push(`  body: new URLSearchParams(${sq(bodyText(r) ?? '')}),`);
  if (r.body.kind === 'multipart') options.push('  body: form,');
  return `${jsFormData(r)}const response = await fetch(${sq(r.url)}, {\n${options.join('\n')}\n});\nconst data = await response.json();\nconsole.log(data);`;
}

function axiosSnippet(r: SampleRequest): string {
  const options: string[] = [`  method: ${sq(r.method.toLowerCase())},`, `  url: ${sq(r.url)},`];
  if (r.headers.length) options.push(`  headers: ${jsHeaders(r, '  ')},`);
  if (r.body.kind === 'json') options.push(`  data: ${indent(JSON.stringify(r.body.value, null, 2), '  ')},`);
  if (r.body.kind === 'form') options.push(`  data: new URLSearchParams(${sq(bodyText(r) ?? '')}),`);
  if (r.body.kind === 'multipart') options.push('  data: form,');
  return `import axios from 'axios';\n\n${jsFormData(r)}const { data } = await axios({\n${options.join('\n')}\n});\nconsole.log(data);`;
}

function pythonSnippet(r: SampleRequest): string {
  const args = [sq(r.url)];
  const lines = ['import requests', ''];
  if (r.headers.length) {
    lines.push(`headers = ${pythonLiteral(Object.fromEntries(r.headers))}`);
    args.push('headers=headers');
  }
  if (r.body.kind === 'json') {
    lines.push(`payload = ${pythonLiteral(r.body.value)}`);
    args.push('json=payload');
  } else if (r.body.kind === 'form') {
    lines.push(`payload = ${pythonLiteral(Object.fromEntries(r.body.fields))}`);
    args.push('data=payload');
  } else if (r.body.kind === 'multipart') {
    const fields = r.body.fields.filter((f) => !f.file);
    const files = r.body.fields.filter((f) => f.file);
    lines.push(`payload = ${pythonLiteral(Object.fromEntries(fields.map((f) => [f.name, f.value])))}`);
    lines.push(
      `files = {${files.map((f) => `${sq(f.name)}: open(${sq(f.value || 'file')}, 'rb')`).join(', ')}}`,
    );
    args.push('data=payload', 'files=files');
  }
  const call = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'].includes(r.method)
    ? `requests.${r.method.toLowerCase()}(${args.join(', ')})`
    : `requests.request(${sq(r.method)}, ${args.join(', ')})`;
  lines.push(`response = ${call}`, 'print(response.status_code, response.text)');
  return lines.join('\n');
}

function okhttpSnippet(r: SampleRequest): string {
  const lines = ['OkHttpClient client = new OkHttpClient();'];
  let body = 'null';
  const contentType = r.headers.find(([n]) => n.toLowerCase() === 'content-type')?.[1] ?? 'application/json';
  const text = bodyText(r);
  if (text !== undefined) {
    lines.push(`MediaType mediaType = MediaType.parse(${dq(contentType)});`);
    lines.push(`RequestBody body = RequestBody.create(${dq(text)}, mediaType);`);
    body = 'body';
  } else if (r.body.kind === 'multipart') {
    lines.push('RequestBody body = new MultipartBody.Builder().setType(MultipartBody.FORM)');
    for (const f of r.body.fields) {
      lines.push(
        f.file
          ? `    .addFormDataPart(${dq(f.name)}, ${dq(f.value || 'file')}, RequestBody.create(new File(${dq(f.value || 'file')}), null))`
          : `    .addFormDataPart(${dq(f.name)}, ${dq(f.value)})`,
      );
    }
    lines.push('    .build();');
    body = 'body';
  } else if (!['GET', 'HEAD'].includes(r.method)) {
    // OkHttp refuses a null body for methods that require one.
    body = 'RequestBody.create(new byte[0], null)';
  }
  lines.push(
    'Request request = new Request.Builder()',
    `    .url(${dq(r.url)})`,
    `    .method(${dq(r.method)}, ${body})`,
  );
  for (const [name, value] of r.headers) lines.push(`    .addHeader(${dq(name)}, ${dq(value)})`);
  lines.push('    .build();', 'try (Response response = client.newCall(request).execute()) {');
  lines.push('    System.out.println(response.body().string());', '}');
  return lines.join('\n');
}

function goSnippet(r: SampleRequest): string {
  const imports = ['"fmt"', '"io"', '"net/http"'];
  const setup: string[] = [];
  let body = 'nil';
  const text = bodyText(r);
  if (text !== undefined) {
    imports.push('"strings"');
    setup.push(`\tbody := strings.NewReader(${text.includes('`') ? dq(text) : `\`${text}\``})`);
    body = 'body';
  } else if (r.body.kind === 'multipart') {
    imports.push('"bytes"', '"mime/multipart"');
    setup.push('\tbody := &bytes.Buffer{}', '\tform := multipart.NewWriter(body)');
    for (const f of r.body.fields) {
      setup.push(
        f.file
          ? `\tif part, err := form.CreateFormFile(${dq(f.name)}, ${dq(f.value || 'file')}); err == nil {\n\t\t_ = part // write the file's bytes to part\n\t}`
          : `\tform.WriteField(${dq(f.name)}, ${dq(f.value)})`,
      );
    }
    setup.push('\tform.Close()');
    body = 'body';
  }
  const lines = [
    'package main',
    '',
    `import (\n${imports
      .sort()
      .map((i) => `\t${i}`)
      .join('\n')}\n)`,
    '',
    'func main() {',
    ...setup,
    `\treq, err := http.NewRequest(${dq(r.method)}, ${dq(r.url)}, ${body})`,
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
  ];
  for (const [name, value] of r.headers) lines.push(`\treq.Header.Set(${dq(name)}, ${dq(value)})`);
  if (r.body.kind === 'multipart') lines.push('\treq.Header.Set("Content-Type", form.FormDataContentType())');
  lines.push(
    '\tres, err := http.DefaultClient.Do(req)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer res.Body.Close()',
    '\tout, _ := io.ReadAll(res.Body)',
    '\tfmt.Println(res.Status, string(out))',
    '}',
  );
  return lines.join('\n');
}

const GENERATORS: Record<SnippetLanguage, (r: SampleRequest) => string> = {
  curl,
  fetch: fetchSnippet,
  axios: axiosSnippet,
  python: pythonSnippet,
  okhttp: okhttpSnippet,
  go: goSnippet,
};

/** The code that sends `request` in `language`. */
export function codeSnippet(request: SampleRequest, language: SnippetLanguage): string {
  return GENERATORS[language](request);
}

/** How each language writes the request's URL: a shell word, a single- or a double-quoted string literal. */
export const URL_QUOTING = {
  curl: 'shell',
  fetch: 'sq',
  axios: 'sq',
  python: 'sq',
  okhttp: 'dq',
  go: 'dq',
} as const satisfies Record<SnippetLanguage, 'shell' | 'sq' | 'dq'>;

/**
 * `text` as it reads inside the URL literal of `language`'s snippet (quotes and backslashes escaped, without
 * the surrounding quotes): what a static page writes when it puts another base URL into a generated snippet.
 */
export function urlLiteralPart(language: SnippetLanguage, text: string): string {
  const quoting = URL_QUOTING[language];
  if (quoting === 'shell') return shellQuote(text).slice(1, -1);
  return (quoting === 'sq' ? sq(text) : dq(text)).slice(1, -1);
}
